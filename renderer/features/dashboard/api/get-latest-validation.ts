import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidationDto } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function getLatestValidation(instituteId: number): Promise<ValidationDto | null> {
  const { data } = await api.get<ValidationDto | null>(
    `/v2/institutes/${instituteId}/validations/latest`,
  );
  return data;
}

/** The organization's newest validation, or null before the first. */
export const useLatestValidation = (instituteId: number, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: dashboardKeys.latestValidation(instituteId),
      queryFn: () => getLatestValidation(instituteId),
      enabled,
    }),
  );
