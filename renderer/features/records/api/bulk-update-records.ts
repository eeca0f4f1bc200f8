import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordBulkResult, RecordBulkUpdate } from '../../../../shared/api/record-bulk';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { recordKeys } from './keys';

export async function bulkUpdateRecords(
  instituteId: number,
  body: RecordBulkUpdate,
): Promise<RecordBulkResult> {
  const { data } = await api.post<RecordBulkResult>(
    `/v2/institutes/${instituteId}/records/bulk`,
    body,
  );
  return data;
}

/** Exclude, review or assign many records at once (all or nothing). */
export function useBulkUpdateRecords(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordBulkUpdate) => bulkUpdateRecords(instituteId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.lines }),
        queryClient.invalidateQueries({ queryKey: queryRoots.events }),
      ]),
  });
}
