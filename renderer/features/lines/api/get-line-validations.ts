import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paginated } from '../../../../shared/api/common';
import type { lineValidationRow } from '../../../../shared/api/lines';
import { api } from '../../../lib/api-client';
import { lineKeys } from './keys';

export type LineValidationRow = z.infer<typeof lineValidationRow>;

export async function getLineValidations(
  lineId: number,
  page: number,
  size: number,
): Promise<Paginated<LineValidationRow>> {
  const { data } = await api.get<Paginated<LineValidationRow>>(`/v2/lines/${lineId}/validations`, {
    params: { page, size },
  });
  return data;
}

export const lineValidationsQueryOptions = (lineId: number, page: number, size: number) =>
  queryOptions({
    queryKey: lineKeys.validations(lineId, page, size),
    queryFn: () => getLineValidations(lineId, page, size),
    placeholderData: keepPreviousData,
  });

/** The line's validation history with each validation's statistics on the line. */
export const useLineValidations = (lineId: number, page: number, size: number) =>
  useQuery(lineValidationsQueryOptions(lineId, page, size));
