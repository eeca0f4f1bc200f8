import ExcelJS from 'exceljs';
import { Institute } from '../../entities/institute';
import { Label } from '../../entities/label';
import { insertLine, insertRecords } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { csvLines, downloadExport, readSheet } from '../../../testing/exports';

let server: TestServer;
let member: ApiClient, guest: ApiClient, staff: ApiClient;
let hospital: number, courier: number;
let edLineId: number;

const HEADER = 'Date,Vial,Line,VitalMetric (g·s),Rejection (%),MKT (°C),Duration (s),Flags,Labels';

beforeAll(async () => {
  server = await startTestServer();
  [member, guest, staff] = await Promise.all(
    ['member', 'guest', 'staff'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const db = server.ctx.db;
  await db.getRepository(Institute).update(hospital, { timezone: 'Europe/Berlin' });
  const edLine = await insertLine(db, hospital, { name: 'ED to Lab' });
  const icuLine = await insertLine(db, hospital, { name: '-ICU' });
  edLineId = edLine.id;
  const formula = await db
    .getRepository(Label)
    .save({ instituteId: hospital, label: '=HYPERLINK("http://x")' });
  await insertRecords(db, hospital, [
    {
      date: new Date('2026-01-15T09:30:00Z'),
      vialLabel: 'VV-1',
      lineId: edLine.id,
      auc: 245.4,
      rejection: 3.24,
      duration: 75,
      metrics: { mean_kinetic_temperature: 21.43 } as never,
      shortRunError: true,
      labels: [formula],
    },
    {
      date: new Date('2026-07-01T12:00:00Z'),
      vialLabel: '@VV-2',
      lineId: icuLine.id,
      auc: -1.5,
      exclude: true,
    },
    { date: new Date('2026-08-01T12:00:00Z'), vialLabel: 'VV-3', hidden: true },
  ]);
});
afterAll(() => server.stop());

const exportUrl = (institute: number, query: string) =>
  `/v2/institutes/${institute}/records/export?${query}`;

describe('records export as CSV', () => {
  it('downloads every filtered record in the list order, dates in the institute zone', async () => {
    const { res, bytes } = await downloadExport(member, exportUrl(hospital, 'format=csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('content-disposition')).toContain(`records-${hospital}.csv`);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvLines(bytes)).toEqual([
      HEADER,
      `2026-07-01T14:00:00+02:00,'@VV-2,'-ICU,-1.5,,,,,`,
      `2026-01-15T10:30:00+01:00,VV-1,ED to Lab,245.4,3.24,21.43,75,Short run,"'=HYPERLINK(""http://x"")"`,
    ]);
  });

  it('honours the list filters and ordering', async () => {
    const { bytes } = await downloadExport(
      member,
      exportUrl(hospital, `format=csv&exclude=false&line_id=${edLineId}`),
    );
    expect(
      csvLines(bytes)
        .slice(1)
        .map((l) => l.slice(0, 25)),
    ).toEqual(['2026-01-15T10:30:00+01:00']);
    const byDate = await downloadExport(member, exportUrl(hospital, 'format=csv&ordering=date'));
    expect(csvLines(byDate.bytes)[1]).toMatch(/^2026-01-15/);
  });

  it('gives hidden records only to those who see them in the list', async () => {
    const { bytes } = await downloadExport(
      staff,
      exportUrl(hospital, 'format=csv&include_hidden=true'),
    );
    expect(csvLines(bytes)).toHaveLength(4);
    const asMember = await downloadExport(
      member,
      exportUrl(hospital, 'format=csv&include_hidden=true'),
    );
    expect(csvLines(asMember.bytes)).toHaveLength(3);
  });

  it('has the permissions of the list: guests read, another institute is not found', async () => {
    expect((await downloadExport(guest, exportUrl(hospital, 'format=csv'))).res.status).toBe(200);
    const other = await member.get(exportUrl(courier, 'format=csv'));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'Not found.' });
  });

  it('refuses an unknown format or ordering with 422 before any byte of a file', async () => {
    const format = await member.get(exportUrl(hospital, 'format=pdf'));
    expect(format.status).toBe(422);
    expect(format.body.detail[0].loc).toEqual(['query', 'format']);
    const ordering = await member.get(exportUrl(hospital, 'format=csv&ordering=sha256'));
    expect(ordering.status).toBe(422);
    expect(ordering.body.detail[0].loc).toEqual(['query', 'ordering']);
  });
});

describe('records export as Excel', () => {
  it('writes typed cells: dates as dates, figures as numbers, text neutralised', async () => {
    const { res, bytes } = await downloadExport(
      member,
      exportUrl(hospital, 'format=xlsx&ordering=date'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('cache-control')).toContain('no-store');
    const sheet = await readSheet(bytes, 'Records');
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER.split(',')]);
    expect(sheet.rowCount).toBe(3);
    const first = sheet.getRow(2);
    // The institute's wall-clock time (Berlin, winter: UTC+1).
    expect(first.getCell(1).value).toEqual(new Date('2026-01-15T10:30:00Z'));
    expect(first.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first.getCell(4).value).toBe(245.4);
    expect(first.getCell(4).numFmt).toBe('0');
    expect(first.getCell(5).value).toBe(3.24);
    expect(first.getCell(5).numFmt).toBe('0.0');
    expect(first.getCell(9).value).toBe(`'=HYPERLINK("http://x")`);
    expect(first.getCell(9).type).toBe(ExcelJS.ValueType.String);
    const second = sheet.getRow(3);
    expect(second.getCell(2).value).toBe(`'@VV-2`);
    expect(second.getCell(3).value).toBe(`'-ICU`);
    expect(second.getCell(4).value).toBe(-1.5);
    expect(second.getCell(5).value).toBeNull();
  });

  it('answers another institute with 404', async () => {
    expect((await member.get(exportUrl(courier, 'format=xlsx'))).status).toBe(404);
  });
});

describe('a records export of several cursor batches', () => {
  it('holds every record once, in order', async () => {
    const extra = 12_345;
    await server.ctx.db.query(
      `INSERT INTO records (institute_id, date, is_processed, sha256, file_size, vial_label)
       SELECT $1, timestamptz '2020-01-01T00:00:00Z' + i * interval '1 minute', true,
              md5(i::text) || md5(i::text || 'x'), 1024, 'B-' || i
       FROM generate_series(1, $2::int) i`,
      [hospital, extra],
    );
    const { bytes } = await downloadExport(member, exportUrl(hospital, 'format=csv&ordering=date'));
    const rows = csvLines(bytes).slice(1);
    expect(rows).toHaveLength(extra + 2);
    const vials = rows.slice(0, extra).map((r) => r.split(',')[1]);
    expect(vials).toEqual(Array.from({ length: extra }, (_, i) => `B-${i + 1}`));
  });
});

describe('a records export the client leaves', () => {
  it('closes its database connection and leaves the next export whole', async () => {
    const db = server.ctx.db;
    // Far more than the sockets between server and client hold, so the COPY is cut mid-way;
    // inserted without the audit trail's triggers, which would take minutes over these rows.
    await db.transaction(async (manager) => {
      await manager.query('SET LOCAL session_replication_role = replica');
      await manager.query(
        `INSERT INTO records (institute_id, date, is_processed, sha256, file_size, vial_label)
         SELECT $1, timestamptz '2019-01-01T00:00:00Z' + i * interval '1 second', true,
                md5(i::text || 'left') || md5(i::text || 'y'), 1024, 'L-' || i
         FROM generate_series(1, 100000) i`,
        [hospital],
      );
    });
    const leaving = new AbortController();
    const res = await fetch(member.baseUrl + exportUrl(hospital, 'format=csv'), {
      headers: { Authorization: `Bearer ${member.token}` },
      signal: leaving.signal,
    });
    await res.body!.getReader().read();
    leaving.abort();
    const copying = async () =>
      Number(
        (
          await db.query(
            `SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'COPY (%' AND pid <> pg_backend_pid()`,
          )
        )[0].count,
      );
    // The server notices the closed socket when it next writes: wait for that, not for a time.
    while ((await copying()) > 0) await new Promise((resolve) => setImmediate(resolve));
    const { bytes } = await downloadExport(member, exportUrl(hospital, 'format=csv'));
    const [{ count }] = await db.query(
      'SELECT count(*)::int AS count FROM records WHERE institute_id = $1 AND NOT hidden',
      [hospital],
    );
    expect(csvLines(bytes)).toHaveLength(1 + count);
  });
});
