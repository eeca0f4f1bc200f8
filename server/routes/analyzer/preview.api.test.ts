import { instituteIds, insertProcessedRecords } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { TransitRecord } from '../../entities/record';

/**
 * POST /v2/institutes/{id}/analyzer/preview (issue 44, point 10): what saving thresholds would
 * change, before the save; the save's audit entry keeps the same counts.
 */
let server: TestServer;
let clients: Record<'staff' | 'owner' | 'admin' | 'member' | 'guest', ApiClient>;
let hospital: number;
let courier: number;
let unreviewed: number;

const THRESHOLDS = { ldh_threshold: 30, asat_threshold: 40, potassium_threshold: 90 };
const preview = (who: ApiClient, institute: number, body: unknown = THRESHOLDS) =>
  who.post(`/v2/institutes/${institute}/analyzer/preview`, body);

beforeAll(async () => {
  server = await startTestServer();
  const who = ['staff', 'owner', 'admin', 'member', 'guest'] as const;
  const logins = await Promise.all(who.map((w) => server.login(`${w}@example.org`)));
  clients = Object.fromEntries(who.map((w, i) => [w, logins[i]])) as typeof clients;
  ({ hospital, courier } = await instituteIds(server.ctx.db));
  const line = await insertLine(server.ctx.db, hospital, { name: 'Preview Line' });
  const ids = await insertProcessedRecords(server.ctx.db, hospital, line.id, [
    { auc: 300 },
    { auc: 500 },
    { auc: 700 },
  ]);
  unreviewed = ids[0];
  await server.ctx.db.getRepository(TransitRecord).update(unreviewed, { isReviewed: false });
});
afterAll(() => server.stop());

describe('attackers', () => {
  it('refuses members and guests (403): only who may edit the analyzer may ask', async () => {
    expect((await preview(clients.member, hospital)).status).toBe(403);
    expect((await preview(clients.guest, hospital)).status).toBe(403);
  });

  it("answers 404 for another institute's id and for one that does not exist", async () => {
    // The owner belongs to the hospital only.
    expect((await preview(clients.owner, courier)).status).toBe(404);
    expect((await preview(clients.staff, 987654321)).status).toBe(404);
  });

  it('refuses thresholds it would refuse to save (422)', async () => {
    const res = await preview(clients.admin, hospital, { ...THRESHOLDS, ldh_threshold: -1 });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'ldh_threshold']);
    const missing = await preview(clients.admin, hospital, { ldh_threshold: 30 });
    expect(missing.status).toBe(422);
  });
});

it('says how many records and reviewed records a save changes, writes nothing, and the save records the same counts', async () => {
  const rejection = async () =>
    (await server.ctx.db.getRepository(TransitRecord).findOneByOrFail({ id: unreviewed }))
      .rejection;
  const before = await rejection();
  const res = await preview(clients.owner, hospital);
  expect(res.status).toBe(200);
  const { records, reviewed_records } = res.body as { records: number; reviewed_records: number };
  expect(records).toBeGreaterThanOrEqual(3);
  expect(reviewed_records).toBeGreaterThanOrEqual(2);
  expect(reviewed_records).toBeLessThan(records);
  expect(await rejection()).toBe(before);

  expect(
    (await clients.owner.patch(`/v2/institutes/${hospital}/analyzer`, THRESHOLDS)).status,
  ).toBe(200);
  expect(await rejection()).not.toBe(before);
  const log = await clients.owner.get(
    `/v2/institutes/${hospital}/audit-events?action=rejections_recomputed`,
  );
  expect(log.body.items[0].changes).toEqual({ records, reviewed_records });
  // Saved: the same thresholds change nothing more.
  expect((await preview(clients.staff, hospital)).body).toEqual({
    records: 0,
    reviewed_records: 0,
  });
});
