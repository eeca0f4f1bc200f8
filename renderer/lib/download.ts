import { api } from './api-client';

/** The file name a Content-Disposition header names, if any. */
function fileNameOf(disposition: string | undefined): string | undefined {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match ? decodeURIComponent(match[1]) : undefined;
}

export interface DownloadOptions {
  /** Query parameters (a list's filters). */
  params?: Record<string, unknown>;
  /** Called as bytes arrive, with the bytes received so far. */
  onProgress?: (bytes: number) => void;
  /** No time limit: a streamed export of a large list may take minutes. */
  unlimited?: boolean;
}

/**
 * Downloads a protected file: fetched through the api client (bearer token) as a blob, then
 * saved under the server's file name (or the fallback).
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  { params, onProgress, unlimited }: DownloadOptions = {},
): Promise<void> {
  // A refused download's answer is read as JSON (not as the file): errorDetail() finds the
  // server's reason as it does for any other call.
  const response = await api.get<Blob>(url, {
    responseType: 'blob',
    params,
    ...(unlimited && { timeout: 0 }),
    ...(onProgress && { onDownloadProgress: (event) => onProgress(event.loaded) }),
  });
  const name = fileNameOf(response.headers.get('Content-Disposition') ?? undefined);
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
