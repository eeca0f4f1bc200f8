import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordPatch, SavedRecordDto } from '../../../../shared/api/records';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { recordKeys } from './keys';

/** The saved record, with what its save set off in monitoring (`set_off`). */
export async function updateRecord(id: number, body: RecordPatch): Promise<SavedRecordDto> {
  const { data } = await api.patch<SavedRecordDto>(`/v2/records/${id}`, body);
  return data;
}

/** Review, assign, label, exclude or (staff) edit one record; lists, counts and lines refresh. */
export function useUpdateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RecordPatch }) => updateRecord(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.lines }),
        queryClient.invalidateQueries({ queryKey: queryRoots.events }),
      ]),
  });
}
