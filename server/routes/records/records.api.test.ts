import { Line } from '../../entities/line';
import { Validation } from '../../entities/validation';
import { expected } from '../../../shared/vial/testing/fixtures';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let staff: ApiClient, member: ApiClient, guest: ApiClient, admin: ApiClient;
let hospital: number, courier: number;
const ids: Record<string, number> = {};
let line: Line, otherLine: Line, archivedLine: Line, courierLine: Line;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member, guest, admin] = await Promise.all(
    ['staff', 'member', 'guest', 'admin'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  await registerFixtureVials(staff, hospital);
  for (const [name, want] of Object.entries(expected.records)) {
    ids[name] = (await uploadFixture(member, hospital, want.file, want.vial_uuid)).body.id;
  }
  for (const id of Object.values(ids)) await waitProcessed(member, id);
  const lines = server.ctx.db.getRepository(Line);
  [line, otherLine, archivedLine] = await lines.save([
    { name: 'ED to Lab', instituteId: hospital },
    { name: 'ICU to Lab', instituteId: hospital },
    { name: 'Retired', instituteId: hospital, archived: true },
  ]);
  courierLine = await lines.save({ name: 'North Route', instituteId: courier });
});
afterAll(() => server.stop());

const list = async (client: ApiClient, query: string) => {
  const size = query.includes('size=') ? '' : 'size=100&';
  const res = await client.get(`/v2/institutes/${hospital}/records?${size}${query}`);
  expect(res.status).toBe(200);
  return res.body as { items: any[]; total: number };
};

describe('listing records', () => {
  it('pages with a total and orders by any listed field', async () => {
    const page = await list(member, 'size=5&page=1&ordering=date');
    expect(page.total).toBe(12);
    expect(page.items).toHaveLength(5);
    const byAuc = (await list(member, 'ordering=-auc')).items;
    const aucs = byAuc.map((r) => r.metrics.auc);
    expect(aucs).toEqual([...aucs].sort((a, b) => b - a));
  });

  it('filters by dates, flags and rejection band, combined', async () => {
    const flatline = expected.records.flatline;
    const day = new Date(flatline.start_ms);
    const sameHour = await list(
      member,
      `date__gte=${new Date(flatline.start_ms - 1000).toISOString()}&date__lt=${new Date(flatline.start_ms + 1000).toISOString()}`,
    );
    expect(sameHour.items.map((r) => r.id)).toEqual([ids.flatline]);
    expect(
      (await list(member, `date__gte=${day.toISOString().slice(0, 10)}`)).total,
    ).toBeGreaterThan(0);
    expect((await list(member, 'is_processed=true&is_reviewed=false&exclude=false')).total).toBe(
      12,
    );
    const bands = await list(member, 'rejection=acceptable,substantial');
    const low = await list(member, 'rejection=low');
    expect(bands.total + low.total).toBe(12);
    expect((await member.get(`/v2/institutes/${hospital}/records?rejection=nonsense`)).status).toBe(
      422,
    );
  });

  it('answers 422 for malformed filters', async () => {
    const res = await member.get(`/v2/institutes/${hospital}/records?date__gte=yesterday`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', 'date__gte']);
  });
});

describe('reviewing a record', () => {
  it('assigns a line, which clears the validation, and reviews it', async () => {
    const validation = await server.ctx.db.getRepository(Validation).save({
      name: 'Spring baseline',
      instituteId: hospital,
      startDate: '2026-03-01',
      durationDays: 2,
      lines: [line],
    });
    const id = ids['pts-typical'];
    const linked = await member.patch(`/v2/records/${id}`, {
      line: line.id,
      validation: validation.id,
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      line: { id: line.id, name: 'ED to Lab' },
      validation: validation.id,
    });

    const moved = await member.patch(`/v2/records/${id}`, { line: otherLine.id });
    expect(moved.body).toMatchObject({ line: { id: otherLine.id }, validation: null });

    const wrongLine = await member.patch(`/v2/records/${id}`, { validation: validation.id });
    expect(wrongLine.status).toBe(422);
    expect(wrongLine.body.detail[0].loc).toEqual(['body', 'validation']);

    await server.ctx.db.getRepository(Validation).update(validation.id, { status: 'completed' });
    const completed = await member.patch(`/v2/records/${id}`, {
      line: line.id,
      validation: validation.id,
    });
    expect(completed.status).toBe(422);

    const reviewed = await member.patch(`/v2/records/${id}`, { is_reviewed: true, exclude: true });
    expect(reviewed.body).toMatchObject({ is_reviewed: true, exclude: true });
    const summary = await member.get(`/v2/institutes/${hospital}/records/summary`);
    // Excluded: counted as the lists open, without excluded records (monitoring.md section 7).
    expect(summary.body).toEqual({ reviewed: 0, not_reviewed: 11, unprocessed: 0 });
    expect((await list(member, 'is_reviewed=true')).items.map((r) => r.id)).toEqual([id]);
  });

  it('refuses archived lines, and keeps records on an archived line there', async () => {
    const id = ids['pts-smooth'];
    const chosen = await member.patch(`/v2/records/${id}`, { line: archivedLine.id });
    expect(chosen.status).toBe(422);
    expect(chosen.body.detail[0].msg).toBe('Archived lines cannot be chosen.');
    await member.patch(`/v2/records/${id}`, { line: line.id });
    await server.ctx.db.getRepository(Line).update(line.id, { archived: true });
    const stuck = await member.patch(`/v2/records/${id}`, { line: otherLine.id });
    expect(stuck.status).toBe(422);
    expect(stuck.body.detail[0].msg).toBe('The line has been archived and cannot be changed.');
    await server.ctx.db.getRepository(Line).update(line.id, { archived: false });
    expect((await member.patch(`/v2/records/${id}`, { line: courierLine.id })).status).toBe(422);
  });

  it('keeps staff fields for staff and every edit from guests', async () => {
    const id = ids['pts-rough'];
    expect((await guest.patch(`/v2/records/${id}`, { exclude: true })).status).toBe(403);
    const hide = await admin.patch(`/v2/records/${id}`, { hidden: true });
    expect(hide.status).toBe(403);
    const corrected = await staff.patch(`/v2/records/${id}`, {
      short_run_error: true,
      test_run: true,
    });
    expect(corrected.body.metrics.short_run_error).toBe(true);
    expect(corrected.body.test_run).toBe(true);
    const noInstitute = await staff.patch(`/v2/records/${id}`, { institute: null });
    expect(noInstitute.body.detail[0].msg).toBe('You must assign an institute to a record');
  });

  it('hides hidden records from everyone but staff, who ask for them', async () => {
    const id = ids['pts-clipped'];
    await staff.patch(`/v2/records/${id}`, { hidden: true });
    expect((await member.get(`/v2/records/${id}`)).status).toBe(404);
    expect((await list(member, '')).items.map((r) => r.id)).not.toContain(id);
    expect((await list(member, 'hidden=true')).total).toBe(0);
    expect((await list(staff, '')).items.map((r) => r.id)).not.toContain(id);
    expect((await list(staff, 'include_hidden=true')).items.map((r) => r.id)).toContain(id);
    // Totals of flag-only lists come from the tallies: they match the rows, hidden or not.
    for (const [client, query] of [
      [member, ''],
      [member, 'is_processed=true&is_reviewed=false&exclude=false'],
      [staff, ''],
      [staff, 'include_hidden=true'],
      [staff, 'hidden=true'],
      [staff, 'hidden=false&exclude=false'],
    ] as const) {
      const page = await list(client, query);
      expect(page.total).toBe(page.items.length);
    }
    await staff.patch(`/v2/records/${id}`, { hidden: false });
  });
});

describe('chart series', () => {
  it('thins acceleration to max_points and keeps the peak', async () => {
    const id = ids['pts-1600hz'];
    const res = await member.get(`/v2/records/${id}/data?type=acceleration&max_points=200`);
    expect(res.status).toBe(200);
    expect(res.body.acceleration.length).toBeLessThanOrEqual(200);
    expect(res.body.acceleration_time).toHaveLength(res.body.acceleration.length);
    expect(Math.max(...res.body.acceleration)).toBeCloseTo(
      expected.records['pts-1600hz'].maximum_acceleration,
      9,
    );
    expect(res.body.maximum_acceleration).toBeCloseTo(
      expected.records['pts-1600hz'].maximum_acceleration,
      9,
    );
  });

  it('answers temperature and cumulative series whose last value is the metric', async () => {
    const id = ids['pts-typical'];
    const temp = await member.get(`/v2/records/${id}/data?type=temperature`);
    expect(temp.body.minimum_temperature).toBeCloseTo(
      expected.records['pts-typical'].minimum_temperature!,
      9,
    );
    for (const metric of ['auc', 'auc_225hz', 'power'] as const) {
      const cum = await member.get(`/v2/records/${id}/cumulative?metric=${metric}&max_points=100`);
      expect(cum.body.time.length).toBeLessThanOrEqual(100);
      const last = cum.body.cumulative_metric.at(-1);
      expect(last / expected.records['pts-typical'][metric]).toBeCloseTo(1, 9);
    }
    expect((await member.get(`/v2/records/${id}/data?type=pressure`)).status).toBe(422);
  });
});

describe('tenancy', () => {
  it('answers 404 on every record route for a user of another institute', async () => {
    const outsider = await server.login('admin@example.org');
    // admin belongs to both customer institutes: revoke the hospital to make an outsider
    await staff.delete(
      `/v2/institutes/${hospital}/users/${(await outsider.get('/v2/auth/account')).body.id}`,
    );
    const id = ids['pts-typical'];
    for (const path of [
      `/v2/records/${id}`,
      `/v2/records/${id}/data?type=acceleration`,
      `/v2/records/${id}/cumulative`,
      `/v2/institutes/${hospital}/records`,
      `/v2/institutes/${hospital}/records/summary`,
    ]) {
      const res = await outsider.get(path);
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect((await outsider.patch(`/v2/records/${id}`, { exclude: true })).status).toBe(404);
  });
});
