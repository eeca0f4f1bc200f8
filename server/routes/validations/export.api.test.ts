import ExcelJS from 'exceljs';
import { insertProcessedRecords } from '../../../testing/lines';
import { insertLine, insertValidation } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { csvLines, downloadExport, readSheet } from '../../../testing/exports';

let server: TestServer;
let member: ApiClient, guest: ApiClient;
let validationId: number, courierValidationId: number;

const HEADER =
  'Line,Length (m),Records,VitalMetric mean (g·s),CV (%),Performance,LDH (%),ASAT (%),K (%)';

beforeAll(async () => {
  server = await startTestServer();
  [member, guest] = await Promise.all(
    ['member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  const { hospital, courier } = await server.demoInstitutes();
  const db = server.ctx.db;
  courierValidationId = (await insertValidation(db, courier, { name: 'Courier check' })).id;
  const tube = await insertLine(db, hospital, { name: '=1+1 Tube', length: 120 });
  const empty = await insertLine(db, hospital, { name: 'Quiet tube' });
  const { body: validation } = await member.post(`/v2/institutes/${hospital}/validations`, {
    name: 'Export check',
    start_date: '2026-01-10',
    duration_days: 1,
    lines: [tube.id, empty.id],
  });
  validationId = validation.id;
  await insertProcessedRecords(db, hospital, tube.id, [
    { auc: 100, validationId },
    { auc: 110, validationId },
    { auc: 120, validationId },
  ]);
  expect((await member.post(`/v2/validations/${validationId}/complete`)).status).toBe(200);
});
afterAll(() => server.stop());

const exportUrl = (id: number, format: string) => `/v2/validations/${id}/lines/export?${format}`;

describe("a validation's results export", () => {
  it('writes a row per line with the figures of the results table, names neutralised', async () => {
    const { res, bytes } = await downloadExport(member, exportUrl(validationId, 'format=csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('content-disposition')).toContain(`validation-${validationId}.csv`);
    const [header, ...rows] = csvLines(bytes);
    expect(header).toBe(HEADER);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^'=1\+1 Tube,120,3,110,[\d.]+,[A-Za-z]+,[\d.]+,[\d.]+,[\d.]+$/);
    expect(rows[1]).toBe('Quiet tube,,0,,,,,,');
  });

  it('writes typed Excel cells', async () => {
    const { res, bytes } = await downloadExport(member, exportUrl(validationId, 'format=xlsx'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await readSheet(bytes, 'Validation results');
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER.split(',')]);
    expect(sheet.rowCount).toBe(3);
    const tube = sheet.getRow(2);
    expect(tube.getCell(1).value).toBe("'=1+1 Tube");
    expect(tube.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(tube.getCell(2).value).toBe(120);
    expect(tube.getCell(3).value).toBe(3);
    expect(tube.getCell(4).value).toBe(110);
    expect(tube.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(tube.getCell(4).numFmt).toBe('0');
    expect(tube.getCell(5).value).toBeCloseTo((100 * 10) / 110, 9);
    expect(tube.getCell(5).numFmt).toBe('0.0');
    expect(tube.getCell(7).type).toBe(ExcelJS.ValueType.Number);
  });

  it('has the permissions of the results: guests read, another institute is not found', async () => {
    expect((await downloadExport(guest, exportUrl(validationId, 'format=csv'))).res.status).toBe(
      200,
    );
    // The member is the hospital's only: the courier's validation is not found, as on screen.
    expect((await member.get(`/v2/validations/${courierValidationId}/lines`)).status).toBe(404);
    const other = await member.get(exportUrl(courierValidationId, 'format=xlsx'));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'Not found.' });
    expect((await member.get(exportUrl(validationId + 1000, 'format=csv'))).status).toBe(404);
  });

  it('refuses an unknown format with 422', async () => {
    const res = await member.get(exportUrl(validationId, 'format=pdf'));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', 'format']);
  });
});
