import { REVIEW_NEEDS_LINE } from '../../../shared/domain/record-line-rules';
import { insertLine, insertRecords, insertValidation } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { TransitRecord } from '../../entities/record';

let server: TestServer;
let staff: ApiClient, member: ApiClient, guest: ApiClient, admin: ApiClient;
let hospital: number, courier: number;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member, guest, admin] = await Promise.all(
    ['staff', 'member', 'guest', 'admin'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
});
afterAll(() => server.stop());

const bulk = (client: ApiClient, body: Record<string, unknown>, institute = hospital) =>
  client.post(`/v2/institutes/${institute}/records/bulk`, body);
const insert = (rows: Partial<TransitRecord>[], institute = hospital) =>
  insertRecords(server.ctx.db, institute, rows);
const reload = (ids: number[]) =>
  server.ctx.db
    .getRepository(TransitRecord)
    .find({ where: ids.map((id) => ({ id })), order: { id: 'ASC' } });
const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);
/** What a change of records on lines without a baseline sets off in monitoring. */
const NOTHING = { events: [], notified: [] };

describe('excluding and reviewing many records', () => {
  it('excludes the chosen records and no others', async () => {
    const rows = await insert([{}, {}, {}, {}]);
    const chosen = idsOf(rows.slice(0, 3));
    const res = await bulk(member, { ids: [...chosen, chosen[0]], exclude: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 3, set_off: NOTHING });
    expect((await reload(idsOf(rows))).map((r) => r.exclude)).toEqual([true, true, true, false]);
    expect((await bulk(member, { ids: chosen, exclude: false })).body).toEqual({
      updated: 3,
      set_off: NOTHING,
    });
    expect((await reload(chosen)).every((r) => !r.exclude)).toBe(true);
  });

  it('refuses requests without ids, with too many, or without a change', async () => {
    const [row] = await insert([{}]);
    const empty = await bulk(member, { ids: [], exclude: true });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({
      loc: ['body', 'ids'],
      msg: 'Select at least one record.',
    });
    const many = await bulk(member, {
      ids: Array.from({ length: 501 }, (_, i) => i + 1),
      exclude: true,
    });
    expect(many.body.detail[0].msg).toBe('Select at most 500 records at a time.');
    const nothing = await bulk(member, { ids: [row.id] });
    expect(nothing.status).toBe(422);
    expect(nothing.body.detail[0].msg).toBe('Choose a change: exclude, line or is_reviewed.');
  });
});

describe('who may change which records', () => {
  it('refuses guests (403) and hides other institutes (404)', async () => {
    const [row] = await insert([{}]);
    expect((await bulk(guest, { ids: [row.id], exclude: true })).status).toBe(403);
    expect((await bulk(member, { ids: [row.id], exclude: true }, courier)).status).toBe(404);
  });

  it('changes nothing and names no id when any id is foreign, unknown or hidden', async () => {
    const [mine] = await insert([{}]);
    const [foreign] = await insert([{}], courier);
    const [hidden] = await insert([{ hidden: true }]);
    for (const stranger of [foreign.id, 99_999_999, hidden.id]) {
      const res = await bulk(member, { ids: [mine.id, stranger], exclude: true });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Not found.');
    }
    // The courier's record is also refused to a user of both institutes: one institute per request.
    expect((await bulk(admin, { ids: [mine.id, foreign.id], exclude: true })).status).toBe(404);
    expect((await reload([mine.id, foreign.id])).map((r) => r.exclude)).toEqual([false, false]);
    expect((await bulk(staff, { ids: [mine.id, hidden.id], exclude: true })).body).toEqual({
      updated: 2,
      set_off: NOTHING,
    });
  });
});

describe('assigning many records to a line', () => {
  it('moves them and clears the validation of those that changed line', async () => {
    const [from, to] = [
      await insertLine(server.ctx.db, hospital),
      await insertLine(server.ctx.db, hospital),
    ];
    const validation = await insertValidation(server.ctx.db, hospital);
    const rows = await insert([
      { lineId: from.id, validationId: validation.id },
      { lineId: null, validationId: null },
      { lineId: to.id, validationId: validation.id },
    ]);
    const res = await bulk(member, { ids: idsOf(rows), line: to.id, is_reviewed: true });
    expect(res.body).toEqual({ updated: 3, set_off: NOTHING });
    const after = await reload(idsOf(rows));
    expect(after.map((r) => [r.lineId, r.validationId, r.isReviewed])).toEqual([
      [to.id, null, true],
      [to.id, null, true],
      [to.id, validation.id, true], // already on the line: left as it was
    ]);
    const listed = await member.get(`/v2/institutes/${hospital}/records?line=${to.id}`);
    expect(listed.body.items.map((r: { line: { id: number } }) => r.line.id)).toEqual([
      to.id,
      to.id,
      to.id,
    ]);
  });

  it('refuses an archived line, and records on an archived line, changing nothing', async () => {
    const archived = await insertLine(server.ctx.db, hospital, { archived: true });
    const open = await insertLine(server.ctx.db, hospital);
    const [free, stuck] = await insert([{}, { lineId: archived.id }]);

    const chosen = await bulk(member, { ids: [free.id], line: archived.id, exclude: true });
    expect(chosen.status).toBe(422);
    expect(chosen.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'line'], msg: 'Archived lines cannot be chosen.' }),
    ]);
    const locked = await bulk(member, { ids: [free.id, stuck.id], line: open.id, exclude: true });
    expect(locked.status).toBe(422);
    expect(locked.body.detail[0].msg).toBe('The line has been archived and cannot be changed.');
    expect((await reload([free.id, stuck.id])).map((r) => [r.lineId, r.exclude])).toEqual([
      [null, false],
      [archived.id, false],
    ]);
    // Excluding records on an archived line is still fine; so is "assigning" the line they have.
    expect((await bulk(member, { ids: [stuck.id], line: archived.id, exclude: true })).status).toBe(
      200,
    );
  });

  it("refuses another institute's line", async () => {
    const [row] = await insert([{}]);
    const foreignLine = await insertLine(server.ctx.db, courier);
    const res = await bulk(member, { ids: [row.id], line: foreignLine.id });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'line'], msg: 'No such line.' });
  });
});

describe('a record is reviewed on a line', () => {
  it('refuses to mark a record without a line reviewed, alone or in bulk, with a 422 on line', async () => {
    const line = (await insertLine(server.ctx.db, hospital)).id;
    const [loose, placed] = await insert([{ lineId: null }, { lineId: line }]);
    const refusal = {
      detail: [expect.objectContaining({ loc: ['body', 'line'], msg: REVIEW_NEEDS_LINE })],
    };

    const single = await member.patch(`/v2/records/${loose.id}`, { is_reviewed: true });
    expect(single.status).toBe(422);
    expect(single.body).toEqual(refusal);
    const many = await bulk(member, { ids: [loose.id, placed.id], is_reviewed: true });
    expect(many.status).toBe(422);
    expect(many.body).toEqual(refusal);
    expect((await reload([loose.id, placed.id])).map((r) => r.isReviewed)).toEqual([false, false]);

    // With a line chosen in the same request, it is reviewed.
    const withLine = await member.patch(`/v2/records/${loose.id}`, { line, is_reviewed: true });
    expect(withLine.body).toMatchObject({ line: { id: line }, is_reviewed: true });
  });
});

describe('reviewing records, seen through the list filters', () => {
  let line: number, urgent: number;
  let rows: TransitRecord[];
  const list = async (query: string) =>
    idsOf(
      (await member.get(`/v2/institutes/${hospital}/records?line=${line}&ordering=date&${query}`))
        .body.items,
    );

  beforeAll(async () => {
    line = (await insertLine(server.ctx.db, hospital)).id;
    urgent = (await member.post(`/v2/institutes/${hospital}/labels`, { label: 'Urgent' })).body.id;
    rows = await insert(
      [
        '2024-03-01T08:00:00Z',
        '2024-03-02T08:00:00Z',
        '2024-03-03T08:00:00Z',
        '2024-03-04T08:00:00Z',
      ].map((d) => ({ date: new Date(d), lineId: line })),
    );
    await member.patch(`/v2/records/${rows[1].id}`, { labels: [urgent] });
    await member.patch(`/v2/records/${rows[2].id}`, { labels: [urgent] });
  });

  it('moves a processed record from to-review to reviewed with PATCH is_reviewed', async () => {
    expect(await list('is_processed=true&is_reviewed=false')).toEqual(idsOf(rows));
    const before = (await member.get(`/v2/institutes/${hospital}/records/summary`)).body;
    const res = await member.patch(`/v2/records/${rows[0].id}`, { is_reviewed: true });
    expect(res.body.is_reviewed).toBe(true);
    expect(await list('is_reviewed=true')).toEqual([rows[0].id]);
    const after = (await member.get(`/v2/institutes/${hospital}/records/summary`)).body;
    expect(after).toEqual({
      ...before,
      reviewed: before.reviewed + 1,
      not_reviewed: before.not_reviewed - 1,
    });
  });

  it('reviews and excludes in bulk, and the filters combine', async () => {
    await bulk(member, { ids: [rows[1].id, rows[3].id], is_reviewed: true });
    await bulk(member, { ids: [rows[2].id], exclude: true });
    expect(await list('is_reviewed=true')).toEqual([rows[0].id, rows[1].id, rows[3].id]);
    expect(await list('is_reviewed=false')).toEqual([rows[2].id]);
    expect(await list(`is_reviewed=true&exclude=false&labels=${urgent}`)).toEqual([rows[1].id]);
    expect(await list(`exclude=false&labels=${urgent},unlabeled`)).toEqual(
      idsOf([rows[0], rows[1], rows[3]]),
    );
    expect(await list('is_reviewed=true&date__gte=2024-03-02&date__lt=2024-03-04')).toEqual([
      rows[1].id,
    ]);
    expect(
      await list(`labels=unlabeled&date__gte=2024-03-02&is_reviewed=true&exclude=false`),
    ).toEqual([rows[3].id]);
    await bulk(member, { ids: [rows[1].id], is_reviewed: false });
    expect(await list(`labels=${urgent}&is_reviewed=false`)).toEqual([rows[1].id, rows[2].id]);
  });
});
