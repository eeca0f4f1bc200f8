import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidationLineStats } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';
import { validationKeys } from './keys';

export async function getValidationLines(id: number): Promise<ValidationLineStats[]> {
  const { data } = await api.get<ValidationLineStats[]>(`/v2/validations/${id}/lines`);
  return data;
}

export const validationLinesQueryOptions = (id: number) =>
  queryOptions({ queryKey: validationKeys.lines(id), queryFn: () => getValidationLines(id) });

/** The statistics of the validation's records per line. */
export const useValidationLines = (id: number) => useQuery(validationLinesQueryOptions(id));
