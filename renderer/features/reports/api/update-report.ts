import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportDto } from '../../../../shared/api/reports';
import { api } from '../../../lib/api-client';
import { reportKeys } from './keys';

export async function updateReportTitle(id: number, title: string): Promise<ReportDto> {
  const { data } = await api.patch<ReportDto>(`/v2/reports/${id}`, { title });
  return data;
}

/** Renames a report (staff, admin, owner). */
export function useUpdateReportTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) => updateReportTitle(id, title),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
