import { csvLines, downloadExport } from '../../../testing/exports';
import type { ApiClient } from '../../../testing/http';
import { insertProcessedRecords } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/** The line of a clinical data entry (method-comparison.md section 1). */

let server: TestServer;
let member: ApiClient, admin: ApiClient;
let hospital: number, courier: number;
let alpha: number, beta: number, courierLine: number;
let recordOnAlpha: number, recordOnNoLine: number;

const create = (body: Record<string, unknown>, institute = hospital, client = member) =>
  client.post(`/v2/institutes/${institute}/clinical-data`, body);
const ids = (res: { body: { items: { id: number }[] } }) => res.body.items.map((e) => e.id).sort();

beforeAll(async () => {
  server = await startTestServer();
  [member, admin] = await Promise.all(
    ['member', 'admin'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const db = server.ctx.db;
  await db.query(
    `UPDATE institutes SET feature_flags = '{"clinicalData": true}' WHERE id = ANY($1)`,
    [[hospital, courier]],
  );
  alpha = (await insertLine(db, hospital, { name: 'Alpha line' })).id;
  beta = (await insertLine(db, hospital, { name: 'Beta line' })).id;
  courierLine = (await insertLine(db, courier, { name: 'Courier route' })).id;
  [recordOnAlpha] = await insertProcessedRecords(db, hospital, alpha, [
    { auc: 300, date: new Date('2025-03-10T10:00:00Z') },
  ]);
  [recordOnNoLine] = await insertProcessedRecords(db, hospital, null as unknown as number, [
    { auc: 310, date: new Date('2025-03-11T10:00:00Z') },
  ]);
});
afterAll(() => server.stop());

describe('the line of an entry', () => {
  it('is its own line, else its record’s line, else none', async () => {
    const own = await create({ date: '2025-03-10', line: beta });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ line: beta, line_detail: { id: beta, name: 'Beta line' } });
    const byRecord = await create({ date: '2025-03-10', record: recordOnAlpha });
    expect(byRecord.body).toMatchObject({
      line: null,
      line_detail: { id: alpha, name: 'Alpha line' },
    });
    const same = await create({ date: '2025-03-10', record: recordOnAlpha, line: alpha });
    expect(same.status).toBe(201);
    expect(same.body).toMatchObject({ line: alpha, line_detail: { id: alpha } });
    const recordWithoutLine = await create({
      date: '2025-03-11',
      record: recordOnNoLine,
      line: beta,
    });
    expect(recordWithoutLine.status).toBe(201);
    expect(recordWithoutLine.body.line_detail).toEqual({ id: beta, name: 'Beta line' });
    const none = await create({ date: '2025-03-12' });
    expect(none.body).toMatchObject({ line: null, line_detail: null });
  });

  it("refuses another institute's line, and a line the linked record contradicts", async () => {
    for (const line of [courierLine, 2147483647]) {
      const res = await create({ date: '2025-03-10', line });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        expect.objectContaining({
          loc: ['body', 'line'],
          msg: 'Choose a line of this organization.',
        }),
      ]);
    }
    // Also for someone who belongs to both institutes.
    expect((await create({ date: '2025-03-10', line: courierLine }, hospital, admin)).status).toBe(
      422,
    );
    const differs = await create({ date: '2025-03-10', record: recordOnAlpha, line: beta });
    expect(differs.status).toBe(422);
    expect(differs.body.detail[0]).toMatchObject({
      loc: ['body', 'line'],
      msg: 'The line differs from the line of the linked record.',
    });

    const entry = (await create({ date: '2025-03-10', line: beta })).body.id;
    const relink = await member.patch(`/v2/clinical-data/${entry}`, { record: recordOnAlpha });
    expect(relink.status).toBe(422);
    expect(relink.body.detail[0]).toMatchObject({
      loc: ['body', 'record'],
      msg: 'The line differs from the line of the linked record.',
    });
    const moved = await member.patch(`/v2/clinical-data/${entry}`, {
      record: recordOnAlpha,
      line: alpha,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ line: alpha, record: recordOnAlpha });
    const cleared = await member.patch(`/v2/clinical-data/${entry}`, { line: null });
    expect(cleared.body).toMatchObject({ line: null, line_detail: { id: alpha } });
    expect((await member.get(`/v2/clinical-data/${entry}`)).body.line).toBeNull();
  });

  it('filters the list and its export by the line of an entry', async () => {
    const onBeta = await member.get(
      `/v2/institutes/${hospital}/clinical-data?line_id=${beta}&size=100`,
    );
    expect(onBeta.status).toBe(200);
    expect(onBeta.body.items.length).toBeGreaterThan(0);
    for (const e of onBeta.body.items) expect(e.line_detail.id).toBe(beta);
    const onAlpha = await member.get(
      `/v2/institutes/${hospital}/clinical-data?line_id=${alpha}&size=100`,
    );
    const expected: { rows: { id: number; line: number | null }[] } = { rows: [] };
    expected.rows = await server.ctx.db.query(
      `SELECT cd.id, COALESCE(cd.line_id, r.line_id) AS line FROM clinical_data cd
         LEFT JOIN records r ON r.id = cd.record_id WHERE cd.institute_id = $1`,
      [hospital],
    );
    expect(ids(onAlpha)).toEqual(
      expected.rows
        .filter((r) => r.line === alpha)
        .map((r) => r.id)
        .sort(),
    );
    // Another institute's line id finds nothing here.
    const foreign = await member.get(
      `/v2/institutes/${hospital}/clinical-data?line_id=${courierLine}`,
    );
    expect(foreign.body).toEqual({ items: [], total: 0 });

    // Ordered by the line the list shows (record__line__name: the line of the entry).
    const ordered = await member.get(
      `/v2/institutes/${hospital}/clinical-data?ordering=record__line__name&size=100`,
    );
    expect(ordered.status).toBe(200);
    const names = ordered.body.items.map(
      (e: { line_detail: { name: string } | null }) => e.line_detail?.name ?? null,
    );
    expect(names).toEqual([
      ...names.filter((n: string | null) => n === null),
      ...names.filter((n: string | null) => n !== null).sort(),
    ]);

    const { bytes } = await downloadExport(
      member,
      `/v2/institutes/${hospital}/clinical-data/export?format=csv&line_id=${beta}&ordering=date`,
    );
    const rows = csvLines(bytes);
    expect(rows[0].split(',')[2]).toBe('Line');
    expect(rows.slice(1).length).toBe(onBeta.body.total);
    for (const row of rows.slice(1)) expect(row.split(',')[2]).toBe('Beta line');
  });
});
