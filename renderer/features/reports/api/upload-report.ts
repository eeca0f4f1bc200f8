import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportDto } from '../../../../shared/api/reports';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { reportKeys } from './keys';

export interface ReportUpload {
  title: string;
  file: File;
  validationId?: number;
}

/** Multipart: title, the PDF or Word file and, optionally, a completed validation (staff). */
export async function uploadReport(instituteId: number, upload: ReportUpload): Promise<ReportDto> {
  const form = new FormData();
  form.append('title', upload.title);
  if (upload.validationId !== undefined) form.append('validation', String(upload.validationId));
  form.append('file', upload.file);
  const { data } = await api.post<ReportDto>(`/v2/institutes/${instituteId}/reports`, form, {
    timeout: 0,
  });
  return data;
}

export function useUploadReport(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ReportUpload) => uploadReport(instituteId, upload),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.validations }),
      ]),
  });
}
