import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { ContractDto, ContractListQuery } from '../../../../shared/api/contracts';
import { api } from '../../../lib/api-client';
import { contractKeys } from './keys';

export async function getContracts(params: ContractListQuery): Promise<Paginated<ContractDto>> {
  const { data } = await api.get<Paginated<ContractDto>>('/v2/contracts', { params });
  return data;
}

export const contractsQueryOptions = (params: ContractListQuery) =>
  queryOptions({
    queryKey: contractKeys.list(params),
    queryFn: () => getContracts(params),
    placeholderData: keepPreviousData,
  });

/** One page of contracts (staff). */
export const useContracts = (params: ContractListQuery) => useQuery(contractsQueryOptions(params));
