import type { ApiClient } from '../../../testing/http';
import { loginOutsider } from '../../../testing/lab-feed';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { deleteExpiredMessages } from '../../domain/lab-feed/operations';

/** The lab feed's mappings, inbox, status, messages, results and retry (sections 6 and 8). */

let server: TestServer;
let owner: ApiClient, member: ApiClient, guest: ApiClient, outsider: ApiClient;
let hospital: number, courier: number;
let akut: number, med3: number, archived: number, courierLine: number;

const MSH = (id: string) =>
  `MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIALQC|20250210083512+0100||ORU^R01^ORU_R01|${id}|P|2.5.1`;
const oru = (id: string, sample: string, ward: string, obx: string[]) =>
  [
    MSH(id),
    'PID|1||19121212-1212^^^SKV^PN||Testsson^Greta',
    `PV1|1|E|${ward}^12^3^SUS`,
    `OBR|1|REQ-1|${sample}|KEM^Klinisk kemi^L|||20250210081500+0100`,
    ...obx,
  ].join('\r');

const send = (id: string, sample: string, ward: string, obx: string[], client = member) =>
  client.request<string>('POST', `/v2/institutes/${hospital}/lab-feed/hl7`, {
    body: oru(id, sample, ward, obx),
    headers: { 'Content-Type': 'application/hl7-v2+er7' },
  });
const msa = (ack: string) => ack.split('\r')[1];
const at = (path: string) => `/v2/institutes/${hospital}/lab-feed/${path}`;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, guest] = await Promise.all(
    ['owner', 'member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const db = server.ctx.db;
  await db.query(
    `UPDATE institutes SET feature_flags = '{"hemolysisTracking": true}', timezone = 'Europe/Stockholm'
      WHERE id = ANY($1)`,
    [[hospital, courier]],
  );
  outsider = await loginOutsider(server, courier);
  akut = (await insertLine(db, hospital, { name: 'Akutmottagning' })).id;
  med3 = (await insertLine(db, hospital, { name: 'Medicin 3' })).id;
  archived = (await insertLine(db, hospital, { name: 'Old', archived: true })).id;
  courierLine = (await insertLine(db, courier, { name: 'Route' })).id;
});
afterAll(() => server.stop());

describe('the Prometheus figures', () => {
  it('are exported at 0 from the start', async () => {
    const text = await server.ctx.metrics.registry.metrics();
    expect(text).toContain('vialqc_lab_feed_messages_total{source="hl7",outcome="rejected"} 0');
    expect(text).toContain('vialqc_lab_feed_messages_total{source="fhir",outcome="test"} 0');
    expect(text).toContain('vialqc_lab_feed_results_total{state="ignored"} 0');
  });
});

describe('mappings', () => {
  it('are written by owners and admins only, within the organization', async () => {
    const denied = await member.post(at('locations'), { code: 'AKUT', line: akut });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      detail: 'Only an owner or admin of the organization can change the lab feed.',
    });
    expect((await guest.post(at('locations'), { code: 'AKUT', line: akut })).status).toBe(403);
    expect((await outsider.post(at('locations'), { code: 'AKUT', line: akut })).status).toBe(404);
    for (const line of [archived, courierLine]) {
      const res = await owner.post(at('locations'), { code: 'AKUT', line });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].msg).toBe(
        'Choose a line of this organization that is not archived.',
      );
    }
    const made = await owner.post(at('locations'), { code: 'AKUT', line: akut });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      code: 'AKUT',
      line: { id: akut, name: 'Akutmottagning' },
      refiled: 0,
    });
    const again = await owner.post(at('locations'), { code: 'AKUT', line: med3 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'This location code is already mapped.' });
    expect(
      (await outsider.patch(`/v2/lab-feed/locations/${made.body.id}`, { line: null })).status,
    ).toBe(404);
    const list = await guest.get(at('locations'));
    expect(list.body.items.map((l: { code: string }) => l.code)).toEqual(['AKUT']);
  });

  it('refuses unit factors out of range and duplicate codes', async () => {
    const bad = await owner.post(at('codes'), {
      system: 'L',
      code: 'HI',
      analyte: 'h_index',
      units: { 'g/L': 0 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].msg).toBe('A unit factor is a number above 0 and at most 1000000.');
    const ok = await owner.post(at('codes'), { system: 'L', code: 'HI', analyte: 'h_index' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ system: 'L', code: 'HI', analyte: 'h_index', units: {} });
    const dup = await owner.post(at('codes'), { system: 'L', code: 'HI', analyte: 'ldh' });
    expect(dup.body).toEqual({ detail: 'This result code is already mapped.' });
  });
});

describe('the needs-mapping inbox and re-filing', () => {
  it('keeps unmapped locations and codes pending, and files them once mapped', async () => {
    const res = await send('P-1', 'S-1', 'WARD9', [
      'OBX|1|NM|HI^Hemolysindex^L||35|mg/dL|||||F',
      'OBX|2|NM|CRP^C-reaktivt protein^L||12|mg/L|||||F',
    ]);
    expect(msa(res.body)).toBe('MSA|AA|P-1');
    const pending = await guest.get(at('pending'));
    expect(pending.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'location', location: 'WARD9', results: 2 }),
        expect.objectContaining({
          kind: 'code',
          system: 'L',
          code: 'CRP',
          text: 'C-reaktivt protein',
          results: 1,
        }),
      ]),
    );
    const ward = await owner.post(at('locations'), { code: 'WARD9', line: med3 });
    // The HI result filed; CRP moved to the line, still waiting for its code.
    expect(ward.body.refiled).toBe(2);
    const ignore = await owner.post(at('codes'), { system: 'L', code: 'CRP', analyte: null });
    expect(ignore.body.refiled).toBe(1);
    expect((await guest.get(at('pending'))).body.items).toEqual([]);
    const results = await guest.get(`${at('results')}?specimen=S-1`);
    expect(results.body.items).toEqual([
      expect.objectContaining({
        analyte: 'h_index',
        value: 35,
        state: 'filed',
        line: { id: med3, name: 'Medicin 3' },
      }),
    ]);
    expect(results.body.items[0].sample).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(results.body)).not.toContain('S-1');
    // Moving the location moves the result.
    const moved = await owner.patch(`/v2/lab-feed/locations/${ward.body.id}`, { line: akut });
    expect(moved.body.refiled).toBe(1);
    expect((await guest.get(`${at('results')}?line=${akut}&analyte=h_index`)).body.total).toBe(1);
    const deleted = await owner.delete(`/v2/lab-feed/locations/${ward.body.id}`);
    expect(deleted.body).toEqual({ refiled: 1 });
    expect(
      (await guest.get(`${at('results')}?state=pending`)).body.items[0].pending_reasons,
    ).toEqual(['location']);
  });

  it('audits each write with its changes and refiled', async () => {
    const rows: { object_type: string; action: string; changes: Record<string, unknown> }[] =
      await server.ctx.db.query(
        `SELECT object_type, action, changes FROM audit_events
          WHERE institute_id = $1 AND object_type LIKE 'lab_feed_%' ORDER BY id`,
        [hospital],
      );
    expect(
      rows.find((r) => r.action === 'updated' && r.object_type === 'lab_feed_location')?.changes,
    ).toEqual({
      line: { before: med3, after: akut },
      refiled: 1,
    });
    expect(rows.some((r) => r.object_type === 'lab_feed_code' && r.action === 'created')).toBe(
      true,
    );
  });
});

describe('rejected messages and the retry', () => {
  it('rejects an implausible value, then files it once the unit has a factor', async () => {
    const res = await send('R-1', 'S-2', 'AKUT', ['OBX|1|NM|HI^Hemolysindex^L||60|g/L|||||F']);
    expect(msa(res.body)).toBe(
      'MSA|AE|R-1|OBX 1: h_index 6000 mg/dL is above the plausible maximum of 5000 mg/dL: check the unit or the mapping of L HI.',
    );
    const list = await guest.get(`${at('messages')}?state=rejected&control_id=R-1`);
    expect(list.body.total).toBe(1);
    const message = list.body.items[0];
    expect(message).toMatchObject({
      source: 'hl7',
      state: 'rejected',
      retries: 0,
      sending_facility: 'SUS-KEM',
    });
    expect(message.reasons[0]).toMatchObject({ reason: 'implausible_value', location: 'OBX^1^5' });
    expect(Date.parse(message.expires_at) - Date.parse(message.received_at)).toBe(30 * 86_400_000);

    expect((await member.post(at('messages/retry'), { ids: [message.id] })).status).toBe(403);
    const still = await owner.post(at('messages/retry'), { ids: [message.id] });
    expect(still.body.results).toEqual([
      expect.objectContaining({ id: message.id, state: 'rejected' }),
    ]);
    const code = (await guest.get(at('codes'))).body.items.find(
      (c: { code: string }) => c.code === 'HI',
    );
    await owner.patch(`/v2/lab-feed/codes/${code.id}`, { units: { 'g/L': 10 } });
    const retried = await owner.post(at('messages/retry'), { ids: [message.id] });
    expect(retried.body.results).toEqual([{ id: message.id, state: 'accepted', reasons: [] }]);
    expect((await guest.get(`${at('results')}?specimen=S-2`)).body.items[0]).toMatchObject({
      value: 600,
    });
    const again = await owner.post(at('messages/retry'), { ids: [message.id] });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'Only a rejected message can be retried.' });
    expect(
      (
        await outsider.post(`/v2/institutes/${courier}/lab-feed/messages/retry`, {
          ids: [message.id],
        })
      ).status,
    ).toBe(404);
  });

  it('supersedes a rejected message whose pair was accepted since', async () => {
    await send('R-2', 'S-3', 'AKUT', ['OBX|1|NM|HI^Hemolysindex^L||-1|mg/dL|||||F']);
    await send('R-2', 'S-3', 'AKUT', ['OBX|1|NM|HI^Hemolysindex^L||1|mg/dL|||||F']);
    const [m] = (await guest.get(`${at('messages')}?state=rejected&control_id=R-2`)).body.items;
    const res = await owner.post(at('messages/retry'), { ids: [m.id] });
    expect(res.body.results[0].state).toBe('superseded');
  });

  it('deletes expired extracts (the daily job), the counts staying', async () => {
    const before = (await guest.get(at('status'))).body;
    expect(
      await deleteExpiredMessages(server.ctx.db, new Date(Date.now() + 31 * 86_400_000)),
    ).toBeGreaterThan(0);
    const after = (await guest.get(at('status'))).body;
    expect(after.rejected_kept).toBe(0);
    expect(after.days).toEqual(before.days);
  });
});

describe('status', () => {
  it('answers 14 days newest first with the counts, and whether the caller may send', async () => {
    const res = await member.get(at('status'));
    expect(res.status).toBe(200);
    expect(res.body.can_send).toBe(true);
    expect(res.body.days).toHaveLength(14);
    expect(res.body.days[0].date > res.body.days[1].date).toBe(true);
    expect(res.body.days[0]).toMatchObject({ accepted: 2, rejected: 2, retried: 1, duplicates: 0 });
    expect(res.body.last_error).toMatchObject({
      source: 'hl7',
      control_id: 'R-2',
      reason: 'negative_value',
    });
    expect((await guest.get(at('status'))).body.can_send).toBe(false);
    expect((await outsider.get(at('status'))).status).toBe(404);
  });
});
