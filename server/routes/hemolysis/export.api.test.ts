import ExcelJS from 'exceljs';
import { Institute } from '../../entities/institute';
import { insertProcessedRecords } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { csvLines, downloadExport, readSheet } from '../../../testing/exports';

let server: TestServer;
let member: ApiClient, guest: ApiClient, admin: ApiClient;
let hospital: number, courier: number;

const header = (period: string) =>
  `Line,${period},Measurements,HI mean (mg/dL),HI median (mg/dL),HI 95th percentile (mg/dL),` +
  'Observed LDH rejection (%),Observed ASAT rejection (%),Observed K rejection (%),' +
  'Predicted LDH rejection (%),Predicted ASAT rejection (%),Predicted K rejection (%),Records';

beforeAll(async () => {
  server = await startTestServer();
  [member, guest, admin] = await Promise.all(
    ['member', 'guest', 'admin'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const db = server.ctx.db;
  await db.getRepository(Institute).update(hospital, { timezone: 'Europe/Berlin' });
  await admin.patch(`/v2/institutes/${hospital}/analyzer`, {
    ldh_threshold: 10,
    asat_threshold: 20,
    potassium_threshold: 30,
  });
  const line = await insertLine(db, hospital, { name: '=1+1 line' });
  // Berlin is UTC+1 in early March: 23:30Z on 2 March is 00:30 on 3 March there.
  const csv =
    'timestamp,h_index\n2025-03-01T08:00:00Z,5\n2025-03-01T09:00:00Z,15\n2025-03-02T23:30:00Z,40\n';
  const form = new FormData();
  form.append('line', String(line.id));
  form.append('title', '=1+1 set');
  form.append('file', new Blob([new Uint8Array(Buffer.from(csv))]), 'analyzer.csv');
  const uploaded = await member.multipart(`/v2/institutes/${hospital}/hemolysis-index-data`, form);
  expect(uploaded.status).toBe(201);
  await insertProcessedRecords(db, hospital, line.id, [
    { auc: 300, date: new Date('2025-03-01T10:00:00Z') },
  ]);
});
afterAll(() => server.stop());

const exportUrl = (institute: number, query: string) =>
  `/v2/institutes/${institute}/hemolysis-index/summary/export?${query}`;

describe('the hemolysis summary export', () => {
  it('writes a row per line and period, periods as local days, names neutralised', async () => {
    const { res, bytes } = await downloadExport(
      member,
      exportUrl(hospital, 'format=csv&frequency=day'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('content-disposition')).toContain(
      `hemolysis-summary-${hospital}-day.csv`,
    );
    const [head, ...rows] = csvLines(bytes);
    expect(head).toBe(header('Day'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      /^'=1\+1 line,2025-03-01,2,10,10,[\d.]+,50,0,0,[\d.e-]+,[\d.e-]+,[\d.e-]+,1$/,
    );
    expect(rows[1]).toBe(`'=1+1 line,2025-03-03,1,40,40,40,100,100,100,,,,0`);
  });

  it('takes the summary filters and period', async () => {
    const { bytes } = await downloadExport(
      member,
      exportUrl(hospital, 'format=csv&frequency=month'),
    );
    const [head, ...rows] = csvLines(bytes);
    expect(head).toBe(header('Month'));
    expect(rows).toEqual([expect.stringMatching(/^'=1\+1 line,2025-03-01,3,20,15,/)]);
    const donors = await downloadExport(
      member,
      exportUrl(hospital, 'format=csv&frequency=week&donor_sample=true'),
    );
    expect(csvLines(donors.bytes)).toEqual([header('Week')]);
    const bad = await member.get(exportUrl(hospital, 'format=csv&frequency=year'));
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'frequency']);
  });

  it('writes typed Excel cells: the period a date, figures numbers, text neutralised', async () => {
    const { res, bytes } = await downloadExport(
      member,
      exportUrl(hospital, 'format=xlsx&frequency=day'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await readSheet(bytes, 'Hemolysis summary');
    expect(sheet.getRow(1).values).toEqual([undefined, ...header('Day').split(',')]);
    expect(sheet.rowCount).toBe(3);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe("'=1+1 line");
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(2).value).toEqual(new Date('2025-03-01T00:00:00Z'));
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(3).value).toBe(2);
    expect(first.getCell(4).value).toBe(10);
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(7).value).toBe(50);
    expect(first.getCell(7).numFmt).toBe('0.00');
    expect(first.getCell(13).value).toBe(1);
    expect(sheet.getRow(3).getCell(10).value).toBeNull();
  });

  it('has the permissions of the summary: guests read, another institute is not found', async () => {
    expect((await downloadExport(guest, exportUrl(hospital, 'format=csv'))).res.status).toBe(200);
    expect((await member.get(`/v2/institutes/${courier}/hemolysis-index/summary`)).status).toBe(
      404,
    );
    const other = await member.get(exportUrl(courier, 'format=xlsx'));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'Not found.' });
  });
});
