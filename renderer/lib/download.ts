import { api } from './api-client';

/** The file name a Content-Disposition header names, if any. */
function fileNameOf(disposition: string | undefined): string | undefined {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match ? decodeURIComponent(match[1]) : undefined;
}

/**
 * Downloads a protected file: fetched through the api client (bearer token) as a blob, then
 * saved under the server's file name (or the fallback).
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await api.get<Blob>(url, { responseType: 'blob' });
  const name = fileNameOf(response.headers['content-disposition'] as string | undefined);
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
