import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
        queryClient.invalidateQueries({ queryKey: ['validations'] }),
      ]),
  });
}
