import ExcelJS from 'exceljs';
import { insertProcessedRecords } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { csvLines, downloadExport, readSheet } from '../../../testing/exports';

let server: TestServer;
let member: ApiClient, guest: ApiClient;
let hospital: number, courier: number;

beforeAll(async () => {
  server = await startTestServer();
  [member, guest] = await Promise.all(
    ['member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const db = server.ctx.db;
  const tube = await insertLine(db, hospital, { name: '+Tube 7', length: 120 });
  await insertProcessedRecords(db, hospital, tube.id, [{ auc: 100 }, { auc: 110 }, { auc: 120 }]);
  await insertLine(db, hospital, { name: 'Old tube', archived: true });
});
afterAll(() => server.stop());

const exportUrl = (institute: number, query: string) =>
  `/v2/institutes/${institute}/lines/export?${query}`;

describe('lines export', () => {
  it('writes every line the filters keep with its statistics, names neutralised', async () => {
    const { res, bytes } = await downloadExport(
      member,
      exportUrl(hospital, 'format=csv&archived=false'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const [header, ...rows] = csvLines(bytes);
    expect(header).toBe(
      'Line,Labels,Length (m),Records,VitalMetric (g·s),Performance,LDH (%),ASAT (%),K (%),Validated,Archived',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^'\+Tube 7,,120,3,110,[A-Za-z]+,[\d.]+,[\d.]+,[\d.]+,,No$/);
  });

  it('writes typed Excel cells', async () => {
    const { bytes } = await downloadExport(
      member,
      exportUrl(hospital, 'format=xlsx&ordering=name'),
    );
    const sheet = await readSheet(bytes, 'Lines');
    expect(sheet.rowCount).toBe(3);
    const tube = sheet.getRow(2);
    expect(tube.getCell(1).value).toBe("'+Tube 7");
    expect(tube.getCell(3).value).toBe(120);
    expect(tube.getCell(4).value).toBe(3);
    expect(tube.getCell(5).value).toBe(110);
    expect(tube.getCell(7).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(3).getCell(11).value).toBe('Yes');
  });

  it('has the permissions of the list', async () => {
    expect((await downloadExport(guest, exportUrl(hospital, 'format=csv'))).res.status).toBe(200);
    const other = await member.get(exportUrl(courier, 'format=xlsx'));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'Not found.' });
  });
});
