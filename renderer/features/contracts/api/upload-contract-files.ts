import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractDto } from '../../../../shared/api/contracts';
import { contractFileField } from '../../../../shared/api/contract-files';
import { api } from '../../../lib/api-client';
import { contractKeys } from './keys';

/** Sends the files as files-0, files-1, … in one request (no timeout: they may be large). */
export async function uploadContractFiles(id: number, files: File[]): Promise<ContractDto> {
  const form = new FormData();
  files.forEach((file, n) => form.append(contractFileField(n), file, file.name));
  const { data } = await api.post<ContractDto>(`/v2/contracts/${id}/upload`, form, {
    timeout: 0,
  });
  return data;
}

export function useUploadContractFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, files }: { id: number; files: File[] }) => uploadContractFiles(id, files),
    onSuccess: (contract) => {
      queryClient.setQueryData(contractKeys.detail(contract.id), contract);
      return queryClient.invalidateQueries({ queryKey: contractKeys.lists() });
    },
  });
}
