import type { ExportFormat } from '../../../../shared/api/exports';
import { downloadFile } from '../../../lib/download';

/**
 * Downloads a completed validation's results per line (the Summary and Rejection tabs' figures)
 * as CSV or Excel; `onProgress` hears the bytes received so far.
 */
export function exportValidationLines(
  validationId: number,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
): Promise<void> {
  return downloadFile(`/v2/validations/${validationId}/lines/export`, `validation.${format}`, {
    params: { format },
    onProgress,
    unlimited: true,
  });
}
