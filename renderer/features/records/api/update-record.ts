import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordDto, RecordPatch } from '../../../../shared/api/records';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { recordKeys } from './keys';

export async function updateRecord(id: number, body: RecordPatch): Promise<RecordDto> {
  const { data } = await api.patch<RecordDto>(`/v2/records/${id}`, body);
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
      ]),
  });
}
