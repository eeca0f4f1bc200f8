import ExcelJS from 'exceljs';
import { Institute } from '../../entities/institute';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { csvLines, downloadExport, readSheet } from '../../../testing/exports';

let server: TestServer;
let member: ApiClient, guest: ApiClient;
let hospital: number, courier: number;
let tubeId: number;

const HEADER = 'Opened,Line,Rule,Status,Occurrences,Last Record,Resolution';

beforeAll(async () => {
  server = await startTestServer();
  [member, guest] = await Promise.all(
    ['member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const db = server.ctx.db;
  await db.getRepository(Institute).update(hospital, { timezone: 'Europe/Berlin' });
  const tube = await insertLine(db, hospital, { name: '-Tube 9' });
  tubeId = tube.id;
  // The demo's own events are elsewhere: this line's are the export's, whatever the demo holds.
  await db.query(
    `INSERT INTO monitoring_events
       (line_id, institute_id, rule, side, status, opened_at, occurrences, closed_at, resolution)
     VALUES ($1, $2, '2_2s', 'above', 'closed', '2026-01-15T09:30:00Z', 3, now(), '=1+1'),
            ($1, $2, '1_3s', 'below', 'open', '2026-07-01T12:00:00Z', 1, NULL, NULL)`,
    [tube.id, hospital],
  );
});
afterAll(() => server.stop());

const exportUrl = (institute: number, query: string) =>
  `/v2/institutes/${institute}/events/export?${query}`;

describe('events export as CSV', () => {
  it('writes the filtered events newest first, dates in the institute zone', async () => {
    const { res, bytes } = await downloadExport(
      member,
      exportUrl(hospital, `format=csv&line=${tubeId}`),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('content-disposition')).toContain(`events-${hospital}.csv`);
    expect(csvLines(bytes)).toEqual([
      HEADER,
      `2026-07-01T14:00:00+02:00,'-Tube 9,1_3s: 1 below −3 SD,Open,1,,`,
      `2026-01-15T10:30:00+01:00,'-Tube 9,2_2s: 2 of 2 above +2 SD,Closed,3,,'=1+1`,
    ]);
  });

  it('honours the list filters and ordering', async () => {
    const closed = await downloadExport(
      member,
      exportUrl(hospital, `format=csv&line=${tubeId}&status=closed`),
    );
    expect(csvLines(closed.bytes).slice(1)).toEqual([expect.stringMatching(/^2026-01-15T/)]);
    const opened = await downloadExport(
      member,
      exportUrl(
        hospital,
        `format=csv&line=${tubeId}&opened_at__gte=2026-06-01T00:00:00Z&ordering=occurrences`,
      ),
    );
    expect(csvLines(opened.bytes).slice(1)).toEqual([expect.stringMatching(/^2026-07-01T/)]);
    const ordering = await member.get(exportUrl(hospital, 'format=csv&ordering=resolution'));
    expect(ordering.status).toBe(422);
    expect(ordering.body.detail[0].loc).toEqual(['query', 'ordering']);
  });

  it('has the permissions of the list: guests read, another institute is not found', async () => {
    expect((await downloadExport(guest, exportUrl(hospital, 'format=csv'))).res.status).toBe(200);
    const other = await member.get(exportUrl(courier, 'format=csv'));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'Not found.' });
    expect((await member.get(`/v2/institutes/${courier}/events`)).status).toBe(404);
  });
});

describe('events export as Excel', () => {
  it('writes typed cells: dates as dates, counts as numbers, text neutralised', async () => {
    const { res, bytes } = await downloadExport(
      member,
      exportUrl(hospital, `format=xlsx&line=${tubeId}&ordering=opened_at`),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await readSheet(bytes, 'Events');
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER.split(',')]);
    expect(sheet.rowCount).toBe(3);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toEqual(new Date('2026-01-15T10:30:00Z'));
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(2).value).toBe("'-Tube 9");
    expect(first.getCell(4).value).toBe('Closed');
    expect(first.getCell(5).value).toBe(3);
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(7).value).toBe("'=1+1");
    expect(first.getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).getCell(7).value).toBeNull();
  });
});
