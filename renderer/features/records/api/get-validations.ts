import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { ValidationDto } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';

export async function getAllValidations(instituteId: number): Promise<ValidationDto[]> {
  const { data } = await api.get<Paginated<ValidationDto>>(
    `/v2/institutes/${instituteId}/validations`,
    { params: { size: 9999 } },
  );
  return data.items;
}

/** Every validation of the organization, for the records filter. */
export const useAllValidations = (instituteId: number | null) =>
  useQuery(
    queryOptions({
      queryKey: ['validations', 'all', instituteId],
      queryFn: () => getAllValidations(instituteId as number),
      enabled: instituteId !== null,
      staleTime: 30_000,
    }),
  );
