import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordActivity } from '../../../../shared/api/record-activity';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export const ACTIVITY_DAYS = 365;

export async function getRecordActivity(instituteId: number): Promise<RecordActivity> {
  const { data } = await api.get<RecordActivity>(`/v2/institutes/${instituteId}/records/activity`, {
    params: { days: ACTIVITY_DAYS },
  });
  return data;
}

/** Records per day of the last year in the institute's zone, counted by the database. */
export const useRecordActivity = (instituteId: number) =>
  useQuery(
    queryOptions({
      queryKey: dashboardKeys.activity(instituteId),
      queryFn: () => getRecordActivity(instituteId),
      staleTime: 60_000,
    }),
  );
