import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { reportKeys } from './keys';

export async function deleteReport(id: number): Promise<void> {
  await api.delete(`/v2/reports/${id}`);
}

/** Deletes a report (staff). */
export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.validations }),
      ]),
  });
}
