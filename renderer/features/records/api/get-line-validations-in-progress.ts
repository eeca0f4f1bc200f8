import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { ValidationDto } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';

export async function getLineValidationsInProgress(
  instituteId: number,
  lineId: number,
): Promise<ValidationDto[]> {
  const { data } = await api.get<Paginated<ValidationDto>>(
    `/v2/institutes/${instituteId}/validations`,
    { params: { line_id: lineId, status: 'inprogress', size: 9999 } },
  );
  return data.items;
}

/** The validations a record on this line can be linked to: in progress ones of the line. */
export const useLineValidationsInProgress = (instituteId: number | null, lineId: number | null) =>
  useQuery(
    queryOptions({
      queryKey: ['validations', 'in-progress', instituteId, lineId],
      queryFn: () => getLineValidationsInProgress(instituteId as number, lineId as number),
      enabled: instituteId !== null && lineId !== null,
    }),
  );
