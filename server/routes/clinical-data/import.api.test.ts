import type { ApiClient } from '../../../testing/http';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { FileBlobStore } from '../../storage/blob-store';

/** The clinical data CSV import (method-comparison.md section 1). */

let server: TestServer;
let owner: ApiClient, admin: ApiClient, member: ApiClient, guest: ApiClient, staff: ApiClient;
let hospital: number, courier: number;
let alpha: number, beta: number;
let urgent: number, courierLabel: number;

const form = (content: string | Buffer, fields: Record<string, string> = {}, name = 'lab.csv') => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(Buffer.from(content))]), name);
  return f;
};
const importCsv = (
  client: ApiClient,
  content: string | Buffer,
  fields: Record<string, string> = {},
  institute = hospital,
  name = 'lab.csv',
) =>
  client.multipart(`/v2/institutes/${institute}/clinical-data/import`, form(content, fields, name));

const entryCount = async (institute = hospital) =>
  Number(
    (
      await server.ctx.db.query('SELECT count(*) FROM clinical_data WHERE institute_id = $1', [
        institute,
      ])
    )[0].count,
  );
const newestEntries = (n: number) =>
  server.ctx.db.query(
    `SELECT to_char(date, 'YYYY-MM-DD') AS date, line_id, h_index, h_index_baseline, ldh, ldh_baseline,
            asat, potassium, potassium_baseline, pfhb,
            ARRAY(SELECT label_id FROM clinical_data_labels WHERE clinical_data_id = cd.id
                   ORDER BY label_id) AS labels
       FROM clinical_data cd WHERE institute_id = $1 ORDER BY id DESC LIMIT $2`,
    [hospital, n],
  );
/** Entries of the audit trail about clinical data since `after` (an audit_events id). */
const auditSince = (after: number) =>
  server.ctx.db.query(
    `SELECT object_type, object_id, action, changes, actor_email FROM audit_events
      WHERE id > $1 AND object_type = 'clinical_data' ORDER BY id`,
    [after],
  );
const lastAuditId = async () =>
  Number((await server.ctx.db.query('SELECT coalesce(max(id), 0) AS id FROM audit_events'))[0].id);

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member, guest, staff] = await Promise.all(
    ['owner', 'admin', 'member', 'guest', 'staff'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const db = server.ctx.db;
  await db.query(
    `UPDATE institutes SET feature_flags = '{"clinicalData": true}' WHERE id = ANY($1)`,
    [[hospital, courier]],
  );
  alpha = (await insertLine(db, hospital, { name: 'Alpha line' })).id;
  beta = (await insertLine(db, hospital, { name: 'Beta Line' })).id;
  await insertLine(db, courier, { name: 'Courier route' });
  urgent = (await member.post(`/v2/institutes/${hospital}/labels`, { label: 'Urgent' })).body.id;
  courierLabel = (await admin.post(`/v2/institutes/${courier}/labels`, { label: 'Courier' })).body
    .id;
});
afterAll(() => server.stop());

describe('importing clinical data from CSV', () => {
  it('stores a comma-separated file, one entry a row, with one audit entry', async () => {
    const before = await lastAuditId();
    const res = await importCsv(
      member,
      'date,line,h_index,h_index_baseline,ldh,sample\n' +
        '2025-04-01,Alpha line,12.5,3,250.25,S1\n' +
        '2025-04-02,,0,,,S2\n' +
        '\n' +
        '2025-04-03,  beta line ,7.1,1.05,,S3\n',
      { labels: String(urgent) },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ created: 3 });
    const rows = await newestEntries(3);
    expect(rows.reverse()).toEqual([
      {
        date: '2025-04-01',
        line_id: alpha,
        h_index: 12.5,
        h_index_baseline: 3,
        ldh: 250.25,
        ldh_baseline: null,
        asat: null,
        potassium: null,
        potassium_baseline: null,
        pfhb: null,
        labels: [urgent],
      },
      expect.objectContaining({ date: '2025-04-02', line_id: null, h_index: 0, labels: [urgent] }),
      expect.objectContaining({ date: '2025-04-03', line_id: beta, h_index_baseline: 1.05 }),
    ]);
    const audit = await auditSince(before);
    expect(audit).toEqual([
      {
        object_type: 'clinical_data',
        object_id: null,
        action: 'imported',
        changes: { file_name: 'lab.csv', count: 3 },
        actor_email: 'member@example.org',
      },
    ]);
    // The list shows them, with the line of each.
    const list = await member.get(
      `/v2/institutes/${hospital}/clinical-data?line_id=${alpha}&date__gte=2025-04-01`,
    );
    expect(list.body.items).toEqual([
      expect.objectContaining({
        date: '2025-04-01',
        line_detail: { id: alpha, name: 'Alpha line' },
      }),
    ]);
  });

  it('reads semicolons with decimal commas, a byte-order mark, quotes and CRLF', async () => {
    const content = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        '"Date";"LINE";"Potassium";"Potassium_Baseline";"note"\r\n' +
          '"2025-05-01";"Alpha line";"4,25";"4,1";"a; b"\r\n' +
          '2025-05-02;;"3";5,50;"say ""hi"""\r\n',
      ),
    ]);
    const res = await importCsv(owner, content);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ created: 2 });
    const rows = await newestEntries(2);
    expect(rows.reverse()).toEqual([
      expect.objectContaining({
        date: '2025-05-01',
        line_id: alpha,
        potassium: 4.25,
        potassium_baseline: 4.1,
        labels: [],
      }),
      expect.objectContaining({ date: '2025-05-02', potassium: 3, potassium_baseline: 5.5 }),
    ]);
    // The values keep their two decimals exactly.
    const api = await member.get(
      `/v2/institutes/${hospital}/clinical-data?date__gte=2025-05-01&date__lt=2025-05-02`,
    );
    expect(api.body.items[0]).toMatchObject({ potassium: 4.25, potassium_baseline: 4.1 });
  });

  it('refuses a file with one bad cell, listing the problems and storing nothing', async () => {
    const before = await entryCount();
    const audit = await lastAuditId();
    const res = await importCsv(
      member,
      'date,ldh,asat,line\n' +
        '2025-06-01,200,30,Alpha line\n'.repeat(6000) +
        '2025-06-01,-1,30,\n' +
        '2025-06-31,1.234,x,Nowhere\n' +
        ',1,1,\n',
    );
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['file', 6002, 'ldh'], msg: 'ldh cannot be negative.', type: 'value_error' },
      {
        loc: ['file', 6003, 'date'],
        msg: 'Expected a date as YYYY-MM-DD between the years 1900 and 9999.',
        type: 'value_error',
      },
      {
        loc: ['file', 6003, 'line'],
        msg: "This organization has no line named 'Nowhere'.",
        type: 'value_error',
      },
      {
        loc: ['file', 6003, 'ldh'],
        msg: "'1.234' has more than two decimals.",
        type: 'value_error',
      },
      { loc: ['file', 6003, 'asat'], msg: "'x' is not a number.", type: 'value_error' },
      {
        loc: ['file', 6004, 'date'],
        msg: 'You cannot have an empty date.',
        type: 'value_error',
      },
    ]);
    expect(await entryCount()).toBe(before);
    expect(await auditSince(audit)).toEqual([]);
  });

  it('lists at most 10 problems', async () => {
    const res = await importCsv(member, 'date,ldh\n' + '2025-06-01,abc\n'.repeat(50));
    expect(res.status).toBe(422);
    expect(res.body.detail).toHaveLength(10);
    expect(res.body.detail[9].loc).toEqual(['file', 11, 'ldh']);
  });

  it('refuses a header without date or without any value column, and an empty file', async () => {
    const noDate = await importCsv(member, 'day,ldh\n2025-06-01,3\n');
    expect(noDate.status).toBe(422);
    expect(noDate.body.detail).toEqual([
      { loc: ['file', 1, 'date'], msg: "The header has no 'date' column.", type: 'value_error' },
    ]);
    const noValue = await importCsv(member, 'date,line,comment\n2025-06-01,Alpha line,x\n');
    expect(noValue.body.detail).toEqual([
      expect.objectContaining({
        loc: ['file', 1, 'h_index'],
        msg: expect.stringMatching(/^The header has none of the value columns/),
      }),
    ]);
    const headerOnly = await importCsv(member, 'date,ldh\n\n');
    expect(headerOnly.body.detail).toEqual([
      expect.objectContaining({ msg: 'The file contains no entries.' }),
    ]);
    const empty = await importCsv(member, '');
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({ loc: ['body', 'file'] });
    const notCsv = await importCsv(member, 'date,ldh\n2025-06-01,3\n', {}, hospital, 'lab.xlsx');
    expect(notCsv.body.detail[0]).toMatchObject({
      loc: ['body', 'file'],
      msg: 'A CSV file must be attached.',
    });
  });

  it('refuses more than 100,000 rows and more than 10 MiB', async () => {
    const before = await entryCount();
    const tooMany = await importCsv(member, 'date,ldh\n' + '2025-06-01,1\n'.repeat(100_001));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toEqual([
      {
        loc: ['file', 100_002, 'date'],
        msg: 'The file has more than 100,000 rows.',
        type: 'value_error',
      },
    ]);
    const tooLarge = await importCsv(
      member,
      'date,ldh,note\n' + `2025-06-01,1,${'x'.repeat(1000)}\n`.repeat(11 * 1024),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.detail).toBe('The file is larger than the 10 MiB upload limit.');
    expect(await entryCount()).toBe(before);
  });

  it("matches only this institute's line names and labels", async () => {
    const before = await entryCount();
    // admin belongs to both institutes: still, a hospital import sees only the hospital's.
    const line = await importCsv(admin, 'date,line,ldh\n2025-06-01,Courier route,1\n');
    expect(line.status).toBe(422);
    expect(line.body.detail).toEqual([
      {
        loc: ['file', 2, 'line'],
        msg: "This organization has no line named 'Courier route'.",
        type: 'value_error',
      },
    ]);
    const label = await importCsv(admin, 'date,ldh\n2025-06-01,1\n', {
      labels: `${urgent},${courierLabel}`,
    });
    expect(label.status).toBe(422);
    expect(label.body.detail[0]).toMatchObject({ loc: ['body', 'labels'], msg: 'No such label.' });
    expect(await entryCount()).toBe(before);
    // Another institute's import answers as if it did not exist.
    const foreign = await importCsv(member, 'date,ldh\n2025-06-01,1\n', {}, courier);
    expect(foreign.status).toBe(404);
    expect(await entryCount(courier)).toBe(0);
  });

  it('refuses more than 20 labels, and answers 403 while the clinicalData flag is off', async () => {
    const many = Array.from({ length: 21 }, (_, i) => i + 1).join(',');
    const labels = await importCsv(member, 'date,ldh\n2025-06-01,1\n', { labels: many });
    expect(labels.status).toBe(422);
    expect(labels.body.detail[0]).toMatchObject({
      loc: ['body', 'labels'],
      msg: 'An import can give its entries at most 20 labels.',
    });
    await server.ctx.db.query(
      `UPDATE institutes SET feature_flags = '{"clinicalData": false}' WHERE id = $1`,
      [hospital],
    );
    try {
      const off = await importCsv(member, 'date,ldh\n2025-06-01,1\n');
      expect(off.status).toBe(403);
      expect(off.body.detail).toBe('Clinical data is not enabled for this organization.');
    } finally {
      await server.ctx.db.query(
        `UPDATE institutes SET feature_flags = '{"clinicalData": true}' WHERE id = $1`,
        [hospital],
      );
    }
  });

  it('refuses an ambiguous line name', async () => {
    const twin = await insertLine(server.ctx.db, hospital, { name: 'ALPHA LINE' });
    try {
      const res = await importCsv(member, 'date,line,ldh\n2025-06-01,alpha line,1\n');
      expect(res.status).toBe(422);
      expect(res.body.detail[0].msg).toBe(
        "This organization has several lines named 'alpha line': rename one of them.",
      );
    } finally {
      await server.ctx.db.query('DELETE FROM lines WHERE id = $1', [twin.id]);
    }
  });

  it('is for the roles that may create clinical data; guests are refused', async () => {
    const before = await entryCount();
    const res = await importCsv(guest, 'date,ldh\n2025-06-01,1\n');
    expect(res.status).toBe(403);
    expect(typeof res.body.detail).toBe('string');
    expect(await entryCount()).toBe(before);
    expect((await importCsv(staff, 'date,ldh\n2025-06-01,1\n')).status).toBe(201);
    expect((await importCsv(admin, 'date,ldh\n2025-06-01,1\n')).status).toBe(201);
  });

  it('leaves no staged file behind', async () => {
    const blobs = server.ctx.blobs as FileBlobStore;
    const before = blobs.count();
    await importCsv(member, 'date,ldh\n2025-06-01,1\n');
    await importCsv(member, 'date,ldh\n2025-06-01,-1\n');
    expect(blobs.count()).toEqual(before);
  });
});
