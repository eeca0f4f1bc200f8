import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { ValidationDto } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';
import { useAreaOpen } from '../../institutes';
import { validationKeys, type ValidationsQuery } from './keys';

export async function getValidations({
  instituteId,
  ...params
}: ValidationsQuery): Promise<Paginated<ValidationDto>> {
  const { data } = await api.get<Paginated<ValidationDto>>(
    `/v2/institutes/${instituteId}/validations`,
    { params },
  );
  return data;
}

export const validationsQueryOptions = (query: ValidationsQuery) =>
  queryOptions({
    queryKey: validationKeys.list(query),
    queryFn: () => getValidations(query),
    enabled: query.instituteId !== null,
    placeholderData: keepPreviousData,
  });

/** Asked only where the validation area is open: the server refuses the list elsewhere. */
export function useValidations(query: ValidationsQuery) {
  const open = useAreaOpen('validation', query.instituteId);
  return useQuery({ ...validationsQueryOptions(query), enabled: open });
}

/** Whether another validation of the institute has this name, ignoring case. */
export async function isValidationNameTaken(
  instituteId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const { items } = await getValidations({ instituteId, name__iexact: name.trim(), size: 1 });
  return items.some((v) => v.id !== exceptId);
}
