import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractDto } from '../../../../shared/api/contracts';
import { api } from '../../../lib/api-client';
import { contractKeys } from './keys';

export async function getContract(id: number): Promise<ContractDto> {
  const { data } = await api.get<ContractDto>(`/v2/contracts/${id}`);
  return data;
}

export const contractQueryOptions = (id: number) =>
  queryOptions({ queryKey: contractKeys.detail(id), queryFn: () => getContract(id) });

export const useContract = (id: number) => useQuery(contractQueryOptions(id));
