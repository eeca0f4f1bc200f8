import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractDto, ContractUpdate } from '../../../../shared/api/contracts';
import { api } from '../../../lib/api-client';
import { contractKeys } from './keys';

export async function updateContract(id: number, body: ContractUpdate): Promise<ContractDto> {
  const { data } = await api.patch<ContractDto>(`/v2/contracts/${id}`, body);
  return data;
}

export function useUpdateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContractUpdate }) => updateContract(id, body),
    onSuccess: (contract) => {
      queryClient.setQueryData(contractKeys.detail(contract.id), contract);
      return queryClient.invalidateQueries({ queryKey: contractKeys.lists() });
    },
  });
}
