import ExcelJS from 'exceljs';
import { Institute } from '../../entities/institute';
import { Label } from '../../entities/label';
import { insertProcessedRecords } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { csvLines, downloadExport, readSheet } from '../../../testing/exports';

let server: TestServer;
let member: ApiClient, guest: ApiClient;
let hospital: number, courier: number;
let alphaId: number;

const HEADER =
  'Date,Record,Line,VitalMetric (g·s),HI (mg/dL),HI baseline (mg/dL),LDH (U/L),LDH baseline (U/L),' +
  'ASAT (U/L),ASAT baseline (U/L),K (mmol/L),K baseline (mmol/L),PFHb (mg/dL),PFHb baseline (mg/dL),' +
  'Excluded,Donor,Labels';

const setFlags = (id: number, flags: Record<string, boolean>) =>
  server.ctx.db.query('UPDATE institutes SET feature_flags = $2 WHERE id = $1', [
    id,
    JSON.stringify(flags),
  ]);

beforeAll(async () => {
  server = await startTestServer();
  [member, guest] = await Promise.all(
    ['member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const db = server.ctx.db;
  await setFlags(hospital, { clinicalData: true });
  await db.getRepository(Institute).update(hospital, { timezone: 'Europe/Berlin' });
  const alpha = await insertLine(db, hospital, { name: 'Alpha line' });
  alphaId = alpha.id;
  const [record] = await insertProcessedRecords(db, hospital, alpha.id, [
    { auc: 245.4, date: new Date('2026-01-15T09:30:00Z') },
  ]);
  const formula = await db.getRepository(Label).save({ instituteId: hospital, label: '=1+1' });
  const created = await Promise.all([
    member.post(`/v2/institutes/${hospital}/clinical-data`, {
      date: '2026-01-15',
      record,
      h_index: 12.5,
      h_index_baseline: 3,
      ldh: 250.25,
      labels: [formula.id],
    }),
    member.post(`/v2/institutes/${hospital}/clinical-data`, { date: '2026-02-01', potassium: 4.1 }),
  ]);
  expect(created.map((r) => r.status)).toEqual([201, 201]);
});
afterAll(() => server.stop());

const exportUrl = (institute: number, query: string) =>
  `/v2/institutes/${institute}/clinical-data/export?${query}`;

describe('clinical data export as CSV', () => {
  it('writes every entry in the list order, record dates in the institute zone', async () => {
    const { res, bytes } = await downloadExport(member, exportUrl(hospital, 'format=csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('content-disposition')).toContain(`clinical-data-${hospital}.csv`);
    expect(csvLines(bytes)).toEqual([
      HEADER,
      '2026-02-01,,,,,,,,,,4.1,,,,No,No,',
      `2026-01-15,2026-01-15T10:30:00+01:00,Alpha line,245.4,12.5,3,250.25,,,,,,,,No,No,'=1+1`,
    ]);
  });

  it('honours the list filters and ordering', async () => {
    const byLine = await downloadExport(
      member,
      exportUrl(hospital, `format=csv&line_id=${alphaId}`),
    );
    expect(csvLines(byLine.bytes).slice(1)).toHaveLength(1);
    const byDate = await downloadExport(member, exportUrl(hospital, 'format=csv&ordering=date'));
    expect(csvLines(byDate.bytes)[1]).toMatch(/^2026-01-15,/);
    const ordering = await member.get(exportUrl(hospital, 'format=csv&ordering=sha256'));
    expect(ordering.status).toBe(422);
    expect(ordering.body.detail[0].loc).toEqual(['query', 'ordering']);
  });

  it('has the permissions of the list: guests read, another institute 404, flag off 403', async () => {
    expect((await downloadExport(guest, exportUrl(hospital, 'format=csv'))).res.status).toBe(200);
    const other = await member.get(exportUrl(courier, 'format=csv'));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'Not found.' });
    await setFlags(hospital, { clinicalData: false });
    try {
      const off = await member.get(exportUrl(hospital, 'format=xlsx'));
      expect(off.status).toBe(403);
      expect(off.body.detail).toBe('Clinical data is not enabled for this organization.');
    } finally {
      await setFlags(hospital, { clinicalData: true });
    }
  });
});

describe('clinical data export as Excel', () => {
  it('writes typed cells: days and instants as dates, values as numbers, text neutralised', async () => {
    const { res, bytes } = await downloadExport(
      member,
      exportUrl(hospital, 'format=xlsx&ordering=date'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await readSheet(bytes, 'Clinical data');
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER.split(',')]);
    expect(sheet.rowCount).toBe(3);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toEqual(new Date('2026-01-15T00:00:00Z'));
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(1).numFmt).toBe('yyyy-mm-dd');
    // The institute's wall-clock time (Berlin, winter: UTC+1).
    expect(first.getCell(2).value).toEqual(new Date('2026-01-15T10:30:00Z'));
    expect(first.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first.getCell(4).value).toBe(245.4);
    expect(first.getCell(5).value).toBe(12.5);
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(5).numFmt).toBe('0.00');
    expect(first.getCell(17).value).toBe("'=1+1");
    expect(first.getCell(17).type).toBe(ExcelJS.ValueType.String);
    const second = sheet.getRow(3);
    expect(second.getCell(2).value).toBeNull();
    expect(second.getCell(11).value).toBe(4.1);
  });
});
