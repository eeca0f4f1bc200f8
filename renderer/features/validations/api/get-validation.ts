import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidationDto } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';
import { validationKeys } from './keys';

export async function getValidation(id: number): Promise<ValidationDto> {
  const { data } = await api.get<ValidationDto>(`/v2/validations/${id}`);
  return data;
}

export const validationQueryOptions = (id: number) =>
  queryOptions({ queryKey: validationKeys.detail(id), queryFn: () => getValidation(id) });

export const useValidation = (id: number) => useQuery(validationQueryOptions(id));
