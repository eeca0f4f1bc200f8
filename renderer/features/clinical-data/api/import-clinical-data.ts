import { useMutation } from '@tanstack/react-query';
import type { ClinicalDataImportedDto } from '../../../../shared/api/clinical-data';
import { api } from '../../../lib/api-client';
import { useInvalidateClinicalData } from './invalidate';

export interface ClinicalDataImport {
  file: File;
  /** Label ids applied to every entry. */
  labels: number[];
}

/** Multipart: the labels first, then the CSV file (streamed and checked by the server). */
export async function importClinicalData(
  instituteId: number,
  upload: ClinicalDataImport,
): Promise<ClinicalDataImportedDto> {
  const form = new FormData();
  form.append('labels', upload.labels.join(','));
  form.append('file', upload.file);
  const { data } = await api.post<ClinicalDataImportedDto>(
    `/v2/institutes/${instituteId}/clinical-data/import`,
    form,
    { timeout: 0 },
  );
  return data;
}

/** The CSV import; the lists and what the recalibrated model changes are fetched again. */
export function useImportClinicalData(instituteId: number) {
  const invalidate = useInvalidateClinicalData();
  return useMutation({
    mutationFn: (upload: ClinicalDataImport) => importClinicalData(instituteId, upload),
    onSuccess: invalidate,
  });
}
