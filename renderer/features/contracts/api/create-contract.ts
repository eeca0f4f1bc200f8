import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractCreate, ContractDto } from '../../../../shared/api/contracts';
import { api } from '../../../lib/api-client';
import { contractKeys } from './keys';

export async function createContract(body: ContractCreate): Promise<ContractDto> {
  const { data } = await api.post<ContractDto>('/v2/contracts', body);
  return data;
}

export function useCreateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.lists() }),
  });
}
