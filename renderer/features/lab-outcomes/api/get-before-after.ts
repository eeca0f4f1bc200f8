import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BeforeAfterDto, BeforeAfterParams } from '../../../../shared/api/lab-outcomes';
import { api } from '../../../lib/api-client';
import { labOutcomeKeys } from './keys';

/** The before/after test of some lines around the date of a change. */
export async function getBeforeAfter(
  instituteId: number,
  params: BeforeAfterParams,
): Promise<BeforeAfterDto> {
  const { data } = await api.get<BeforeAfterDto>(
    `/v2/institutes/${instituteId}/lab-feed/before-after`,
    { params },
  );
  return data;
}

export const beforeAfterQueryOptions = (instituteId: number, params: BeforeAfterParams) =>
  queryOptions({
    queryKey: labOutcomeKeys.beforeAfter(instituteId, params),
    queryFn: () => getBeforeAfter(instituteId, params),
  });

/** Asked once the form is sent (`params` null until then). */
export const useBeforeAfter = (instituteId: number, params: BeforeAfterParams | null) =>
  useQuery({
    ...beforeAfterQueryOptions(instituteId, params ?? { line_ids: '', date: '' }),
    enabled: params !== null,
  });
