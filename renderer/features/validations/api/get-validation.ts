import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidationDto } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';

export async function getValidation(id: number): Promise<ValidationDto> {
  const { data } = await api.get<ValidationDto>(`/v2/validations/${id}`);
  return data;
}

export const validationQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['validations', 'detail', id], queryFn: () => getValidation(id) });

export const useValidation = (id: number) => useQuery(validationQueryOptions(id));
