import type { ExportFormat } from '../../../../shared/api/exports';
import { downloadFile } from '../../../lib/download';
import type { AuditLogQuery } from './keys';

/**
 * Downloads institute `institute`'s Audit Log under `query` (its filters; every entry) as CSV or
 * Excel, streamed by the server; `onProgress` hears the bytes received so far.
 */
export function exportAuditEvents(
  institute: number,
  { instituteId: _log, institute: _chosen, page: _page, size: _size, ...params }: AuditLogQuery,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
): Promise<void> {
  return downloadFile(`/v2/institutes/${institute}/audit-events/export`, `audit-log.${format}`, {
    params: { ...params, format },
    onProgress,
    unlimited: true,
  });
}
