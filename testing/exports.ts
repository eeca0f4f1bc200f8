import type { ApiClient } from './http';

/** An export as the browser gets it: the answer and its bytes (not text: XLSX is binary). */
export async function downloadExport(client: ApiClient, path: string) {
  const res = await fetch(client.baseUrl + path, {
    headers: { Authorization: `Bearer ${client.token}` },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A CSV export's lines, without its byte-order mark (records are CRLF-separated). */
export const csvLines = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
