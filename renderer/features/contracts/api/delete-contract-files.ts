import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractDto } from '../../../../shared/api/contracts';
import { api } from '../../../lib/api-client';
import { contractKeys } from './keys';

export async function deleteContractFiles(id: number, filenames: string[]): Promise<ContractDto> {
  const { data } = await api.post<ContractDto>(`/v2/contracts/${id}/files`, { filenames });
  return data;
}

export function useDeleteContractFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, filenames }: { id: number; filenames: string[] }) =>
      deleteContractFiles(id, filenames),
    onSuccess: (contract) => {
      queryClient.setQueryData(contractKeys.detail(contract.id), contract);
      return queryClient.invalidateQueries({ queryKey: contractKeys.lists() });
    },
  });
}
