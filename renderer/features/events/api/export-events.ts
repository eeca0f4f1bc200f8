import type { ExportFormat } from '../../../../shared/api/exports';
import { downloadFile } from '../../../lib/download';
import type { EventsQuery } from './keys';

/**
 * Downloads the events list under `query` (its filters and order; every page) as CSV or Excel,
 * streamed by the server; `onProgress` hears the bytes received so far.
 */
export function exportEvents(
  { instituteId, page: _page, size: _size, ...params }: EventsQuery,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
): Promise<void> {
  return downloadFile(`/v2/institutes/${instituteId}/events/export`, `events.${format}`, {
    params: { ...params, format },
    onProgress,
    unlimited: true,
  });
}
