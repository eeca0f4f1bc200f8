import ExcelJS from 'exceljs';
import { AUDIT_COUNT_CAP } from '../../../shared/api/audit';
import { csvLines, downloadExport, readSheet } from '../../../testing/exports';
import { insertProcessedRecords } from '../../../testing/lines';
import type { ApiClient } from '../../../testing/http';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/**
 * The audit trail's read side: the institute's Audit Log (owners, admins, staff), staff's log of
 * every institute, and each object's History, also of a deleted object.
 */
let server: TestServer;
let owner: ApiClient;
let admin: ApiClient;
let member: ApiClient;
let staff: ApiClient;
let hospital: number;
let courier: number;
let line: number;

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member, staff] = await Promise.all(
    ['owner', 'admin', 'member', 'staff'].map((who) => server.login(`${who}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  line = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Audited Line' })).body.id;
  await owner.patch(`/v2/lines/${line}`, { name: 'Renamed Line' });
}, 60_000);
afterAll(() => server.stop());

const log = (client: ApiClient, query = '', institute = hospital) =>
  client.get(`/v2/institutes/${institute}/audit-events${query}`);

describe('the Audit Log of an institute', () => {
  it('lists its entries newest first with who, what and the changes', async () => {
    const res = await log(owner, `?object_type=line&object_id=${line}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, capped: false });
    expect(res.body.items).toMatchObject([
      {
        object_type: 'line',
        object_id: String(line),
        action: 'updated',
        actor: { email: 'owner@example.org' },
        institute: hospital,
        changes: { name: { before: 'Audited Line', after: 'Renamed Line' } },
        object_exists: true,
      },
      { action: 'created', actor: { email: 'member@example.org' } },
    ]);
    expect(res.body.items[0].id).toBeGreaterThan(res.body.items[1].id);
    expect(Date.parse(res.body.items[0].at)).not.toBeNaN();
  });

  it('filters by actor (part of the e-mail), action and time', async () => {
    const byMember = await log(owner, `?actor=MEMBER@&object_type=line&object_id=${line}`);
    expect(byMember.body.items.map((e: { action: string }) => e.action)).toEqual(['created']);
    const updates = await log(owner, `?action=updated&object_type=line&object_id=${line}`);
    expect(updates.body.total).toBe(1);
    const future = await log(owner, `?at__gte=2999-01-01`);
    expect(future.body).toEqual({ items: [], total: 0, capped: false });
    const past = await log(owner, `?at__lt=2000-01-01`);
    expect(past.body.total).toBe(0);
    const nobody = await log(owner, '?actor=nobody-at-all');
    expect(nobody.body).toEqual({ items: [], total: 0, capped: false });
  });

  it('holds the sign-ins of its members, not of other institutes', async () => {
    const res = await log(owner, '?action=signed_in&size=100');
    expect(res.status).toBe(200);
    const emails = new Set(res.body.items.map((e: { actor: { email: string } }) => e.actor.email));
    expect(emails).toContain('member@example.org');
    expect(emails).not.toContain('staff@example.org');
    expect(res.body.items[0]).toMatchObject({ institute: null, object_type: 'user' });
  });

  it('pages: the pages together are the list, without overlap', async () => {
    const all = await log(owner, '?size=100');
    const first = await log(owner, '?size=2&page=0');
    const second = await log(owner, '?size=2&page=1');
    expect(first.body.total).toBe(all.body.total);
    const ids = (r: typeof all) => r.body.items.map((e: { id: number }) => e.id);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 4));
  });

  it('counts up to the cap and says there are more', async () => {
    const db = server.ctx.db;
    await db.query(
      `INSERT INTO audit_events (institute_id, object_type, object_id, action, changes)
       SELECT $1, 'label', 'bulk', 'updated', '{}' FROM generate_series(1, $2)`,
      [courier, AUDIT_COUNT_CAP + 5],
    );
    const res = await admin.get(`/v2/institutes/${courier}/audit-events?object_id=bulk`);
    expect(res.body).toMatchObject({ total: AUDIT_COUNT_CAP, capped: true });
    expect(res.body.items).toHaveLength(20);
    expect(res.body.items[0]).toMatchObject({ actor: null, object_exists: false });
    // Pages reach the entries counted, no further.
    const past = await admin.get(
      `/v2/institutes/${courier}/audit-events?object_id=bulk&size=100&page=${AUDIT_COUNT_CAP / 100}`,
    );
    expect(past.body).toMatchObject({ items: [], total: AUDIT_COUNT_CAP, capped: true });
  });

  it("is for owners, admins and staff: a member gets 403, another institute's owner 404", async () => {
    expect((await log(admin)).status).toBe(200);
    expect((await log(staff)).status).toBe(200);
    expect((await log(member)).status).toBe(403);
    expect((await log(owner, '', courier)).status).toBe(404);
    expect((await log(owner, '', 999_999)).status).toBe(404);
  });

  it('refuses an unknown object type or action with a 422', async () => {
    expect((await log(owner, '?object_type=spaceship')).status).toBe(422);
    expect((await log(owner, '?action=teleported')).status).toBe(422);
  });
});

describe("staff's log of every institute", () => {
  it('holds every institute, or the one asked for', async () => {
    await admin.post(`/v2/institutes/${courier}/lines`, { name: 'Courier Audited' });
    const all = await staff.get('/v2/audit-events?object_type=line&size=200');
    expect(all.status).toBe(200);
    const institutes = new Set(all.body.items.map((e: { institute: number }) => e.institute));
    expect(institutes).toContain(hospital);
    expect(institutes).toContain(courier);
    const one = await staff.get(`/v2/audit-events?institute=${hospital}&object_type=line`);
    expect(one.body.items.length).toBeGreaterThan(0);
    expect(one.body.items.every((e: { institute: number }) => e.institute === hospital)).toBe(true);
  });

  it('is for staff only', async () => {
    expect((await owner.get('/v2/audit-events')).status).toBe(403);
    expect((await admin.get('/v2/audit-events')).status).toBe(403);
  });
});

describe('the History of an object', () => {
  const history = (client: ApiClient, type: string, id: number | string, institute = hospital) =>
    client.get(`/v2/institutes/${institute}/history?object_type=${type}&object_id=${id}`);

  it("tells members a line's changes", async () => {
    const res = await history(member, 'line', line);
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
  });

  it('still answers for a deleted line, which is no longer there', async () => {
    const gone = (await owner.post(`/v2/institutes/${hospital}/lines`, { name: 'Short Lived' }))
      .body.id;
    await server.ctx.db.query('DELETE FROM lines WHERE id = $1', [gone]);
    expect((await member.get(`/v2/lines/${gone}`)).status).toBe(404);
    const res = await history(member, 'line', gone);
    expect(res.status).toBe(200);
    expect(res.body.items).toMatchObject([
      { action: 'deleted', object_exists: false, changes: { name: { before: 'Short Lived' } } },
      { action: 'created', object_exists: false },
    ]);
  });

  it('names the object and what it links, as they are or, deleted, as the trail last wrote them (issue 44)', async () => {
    const gone = (await owner.post(`/v2/institutes/${hospital}/lines`, { name: 'Was Here' })).body
      .id;
    await owner.patch(`/v2/lines/${gone}`, { name: 'Last Name' });
    await server.ctx.db.query('DELETE FROM lines WHERE id = $1', [gone]);
    const deleted = await history(member, 'line', gone);
    expect(deleted.body.items[0]).toMatchObject({ object_name: 'Last Name', object_exists: false });
    // A record's move names both lines and who made it; the organization of a creation too.
    const [record] = await insertProcessedRecords(server.ctx.db, hospital, line, [{ auc: 100 }]);
    await server.ctx.db.query('UPDATE records SET line_id = NULL WHERE id = $1', [record]);
    const [moved, created] = (await history(member, 'record', record)).body.items;
    expect(moved.names).toEqual({ [`line_id:${line}`]: 'Renamed Line' });
    expect(created.names).toMatchObject({
      [`line_id:${line}`]: 'Renamed Line',
      [`institute_id:${hospital}`]: 'Northfield General Hospital',
    });
    expect(created.object_name).toBeNull();
  });

  it("answers only the institute's entries: another institute's line has none here", async () => {
    const courierLine = (
      await admin.post(`/v2/institutes/${courier}/lines`, { name: 'Courier Line' })
    ).body.id;
    const res = await history(owner, 'line', courierLine);
    expect(res.body).toEqual({ items: [], total: 0, capped: false });
    expect((await history(owner, 'line', courierLine, courier)).status).toBe(404);
  });

  it('of a user needs the right to manage users, and holds their sign-ins', async () => {
    const [{ id }] = await server.ctx.db.query(
      `SELECT id FROM users WHERE email = 'member@example.org'`,
    );
    expect((await history(member, 'user', id)).status).toBe(403);
    const res = await history(admin, 'user', id);
    expect(res.status).toBe(200);
    expect(res.body.items.some((e: { action: string }) => e.action === 'signed_in')).toBe(true);
  });

  it("of the institute's analyzer needs no id: a lowered threshold, before and after", async () => {
    const before = (await owner.get(`/v2/institutes/${hospital}/analyzer`)).body;
    await owner.patch(`/v2/institutes/${hospital}/analyzer`, {
      ldh_threshold: before.ldh_threshold - 1,
      asat_threshold: before.asat_threshold,
      potassium_threshold: before.potassium_threshold,
    });
    const res = await member.get(`/v2/institutes/${hospital}/history?object_type=analyzer`);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({
      actor: { email: 'owner@example.org' },
      object_exists: true,
    });
    const changes = res.body.items[0].changes;
    expect(changes.ldh_threshold).toMatchObject({ after: before.ldh_threshold - 1 });
  });

  it('of a contract is for staff, who manage contracts', async () => {
    expect((await history(owner, 'contract', 1)).status).toBe(403);
    expect((await history(staff, 'contract', 1)).status).toBe(200);
  });
});

describe('the Audit Log as a download', () => {
  const exportUrl = (query: string, institute = hospital) =>
    `/v2/institutes/${institute}/audit-events/export?${query}`;

  it('holds every entry the filters keep, newest first, and is itself an entry', async () => {
    const { res, bytes } = await downloadExport(
      owner,
      exportUrl(`format=csv&object_type=line&object_id=${line}`),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows] = csvLines(bytes);
    expect(header).toBe('When,Who,Object,Object id,Action,Changes,Client address,Request id');
    expect(rows.map((r) => r.split(',').slice(1, 5))).toEqual([
      ['owner@example.org', 'line', String(line), 'updated'],
      ['member@example.org', 'line', String(line), 'created'],
    ]);
    const exported = await log(owner, '?action=exported&object_type=export');
    expect(exported.body.items[0]).toMatchObject({
      object_id: `audit-log-${hospital}`,
      actor: { email: 'owner@example.org' },
      changes: { format: 'csv' },
    });
  });

  it('is an Excel workbook with dates as dates', async () => {
    const { res, bytes } = await downloadExport(
      admin,
      exportUrl(`format=xlsx&object_type=line&object_id=${line}`),
    );
    expect(res.status).toBe(200);
    const sheet = await readSheet(bytes, 'Audit Log');
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getRow(2).getCell(5).value).toBe('updated');
  });

  it('is refused to members and to another institute', async () => {
    expect((await downloadExport(member, exportUrl('format=csv'))).res.status).toBe(403);
    expect((await downloadExport(owner, exportUrl('format=csv', courier))).res.status).toBe(404);
  });
});
