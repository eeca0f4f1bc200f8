import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { validationSummary } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';
import { validationKeys } from './keys';

export type ValidationSummary = z.infer<typeof validationSummary>;

export async function getValidationSummary(id: number): Promise<ValidationSummary> {
  const { data } = await api.get<ValidationSummary>(`/v2/validations/${id}/summary`);
  return data;
}

export const validationSummaryQueryOptions = (id: number | undefined) =>
  queryOptions({
    queryKey: validationKeys.summary(id),
    queryFn: () => getValidationSummary(id as number),
    enabled: id !== undefined,
  });

/** Records collected per line against 4 per day of the duration. */
export const useValidationSummary = (id: number | undefined) =>
  useQuery(validationSummaryQueryOptions(id));
