import type { ExportFormat } from '../../../../shared/api/exports';
import { downloadFile } from '../../../lib/download';

/**
 * Downloads the lines table (every line, in the table's order, `archived` as the table filters)
 * with its statistics as CSV or Excel; `onProgress` hears the bytes received so far.
 */
export function exportLines(
  instituteId: number,
  archived: boolean | undefined,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
): Promise<void> {
  return downloadFile(`/v2/institutes/${instituteId}/lines/export`, `lines.${format}`, {
    params: { archived, ordering: 'name', format },
    onProgress,
    unlimited: true,
  });
}
