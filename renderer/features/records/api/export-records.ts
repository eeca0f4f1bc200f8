import type { ExportFormat } from '../../../../shared/api/exports';
import { downloadFile } from '../../../lib/download';
import { wireParams, type RecordsParams } from './get-records';

/**
 * Downloads the records list under `params` (its filters and order; every page) as CSV or
 * Excel, streamed by the server; `onProgress` hears the bytes received so far.
 */
export function exportRecords(
  instituteId: number,
  { page: _page, size: _size, ...params }: RecordsParams,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
): Promise<void> {
  return downloadFile(`/v2/institutes/${instituteId}/records/export`, `records.${format}`, {
    params: { ...wireParams(params), format },
    onProgress,
    unlimited: true,
  });
}
