import ExcelJS from 'exceljs';
import type { ApiClient } from './http';

/** An export as the browser gets it: the answer and its bytes (not text: XLSX is binary). */
export async function downloadExport(client: ApiClient, path: string) {
  const res = await fetch(client.baseUrl + path, {
    headers: { Authorization: `Bearer ${client.token}` },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A CSV export's lines, without its byte-order mark (one record per line). */
export const csvLines = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');

/** The named worksheet of an Excel export, read back with the library that wrote it. */
export async function readSheet(bytes: Buffer, name: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no worksheet ${name}`);
  return sheet;
}
