import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HemolysisDataDto } from '../../../../shared/api/hemolysis';
import { api } from '../../../lib/api-client';
import { hemolysisKeys } from './keys';

export interface HemolysisUpload {
  file: File;
  line: number;
  title: string;
  donorSample: boolean;
  timezoneName: string;
  labels: number[];
}

/** Multipart: the fields first, then the CSV file (streamed and checked by the server). */
export async function uploadHemolysisData(
  instituteId: number,
  upload: HemolysisUpload,
): Promise<HemolysisDataDto> {
  const form = new FormData();
  form.append('line', String(upload.line));
  form.append('title', upload.title);
  form.append('donor_sample', String(upload.donorSample));
  form.append('timezone_name', upload.timezoneName);
  form.append('labels', upload.labels.join(','));
  form.append('file', upload.file);
  const { data } = await api.post<HemolysisDataDto>(
    `/v2/institutes/${instituteId}/hemolysis-index-data`,
    form,
    { timeout: 0 },
  );
  return data;
}

export function useUploadHemolysisData(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: HemolysisUpload) => uploadHemolysisData(instituteId, upload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hemolysisKeys.all }),
  });
}
