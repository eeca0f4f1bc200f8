import type { ClinicalDataListParams } from '../../../../shared/api/clinical-data';
import type { ExportFormat } from '../../../../shared/api/exports';
import { downloadFile } from '../../../lib/download';

/**
 * Downloads the clinical data list under `params` (its filters and order; every page) as CSV or
 * Excel, streamed by the server; `onProgress` hears the bytes received so far.
 */
export function exportClinicalData(
  instituteId: number,
  { page: _page, size: _size, ...params }: ClinicalDataListParams,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
): Promise<void> {
  return downloadFile(
    `/v2/institutes/${instituteId}/clinical-data/export`,
    `clinical-data.${format}`,
    { params: { ...params, format }, onProgress, unlimited: true },
  );
}
