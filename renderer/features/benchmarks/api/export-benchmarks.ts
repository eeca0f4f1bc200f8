import type { BenchmarkExportFormat } from '../../../../shared/api/benchmarks';
import { downloadFile } from '../../../lib/download';

/** The quarter's benchmarks as CSV, Excel or the PDF report (section 7). */
export function exportBenchmarks(
  instituteId: number,
  quarter: string,
  format: BenchmarkExportFormat,
  onProgress?: (bytes: number) => void,
): Promise<void> {
  return downloadFile(
    `/v2/institutes/${instituteId}/benchmarks/export`,
    `benchmarks-${quarter}.${format}`,
    { params: { quarter, format }, onProgress, unlimited: true },
  );
}
