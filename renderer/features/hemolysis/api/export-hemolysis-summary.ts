import type { ExportFormat } from '../../../../shared/api/exports';
import type { SummaryParams } from '../../../../shared/api/hemolysis';
import { downloadFile } from '../../../lib/download';

/**
 * Downloads the observed and predicted rejection per line and period under `params` (the
 * charts' lines, period and samples) as CSV or Excel; `onProgress` hears the bytes so far.
 */
export function exportHemolysisSummary(
  instituteId: number,
  params: SummaryParams,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
): Promise<void> {
  return downloadFile(
    `/v2/institutes/${instituteId}/hemolysis-index/summary/export`,
    `hemolysis-summary.${format}`,
    { params: { ...params, format }, onProgress, unlimited: true },
  );
}
