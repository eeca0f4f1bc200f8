import { rejectionForValue } from '../../../shared/rejection/model';
import { instituteIds, insertProcessedRecords } from '../../../testing/lines';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let member: ApiClient;
let guest: ApiClient;
let hospital: number;
let courier: number;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.login('member@example.org');
  guest = await server.login('guest@example.org');
  ({ hospital, courier } = await instituteIds(server.ctx.db));
});
afterAll(() => server.stop());

const createLine = (body: object, client = member, institute = hospital) =>
  client.post(`/v2/institutes/${institute}/lines`, body);

describe('line form rules', () => {
  it.each([
    [{}, 'Name is a required field.'],
    [{ name: '' }, 'Name is a required field.'],
    [{ name: 'A'.repeat(81) }, 'Name is too long.'],
    [
      { name: '1st floor' },
      'Name must start with a letter, followed by letters, digits, #, -, _ or spaces.',
    ],
    [
      { name: 'Lab/ER' },
      'Name must start with a letter, followed by letters, digits, #, -, _ or spaces.',
    ],
  ])('refuses %j with a 422 on the name field', async (body, msg) => {
    const res = await createLine(body);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'name'], msg });
  });

  it('accepts letters, digits, #, -, _ and spaces, stores an empty length as null', async () => {
    const res = await createLine({ name: 'ER #2 - Lab_A', length: '', manufacturer: 'Swisslog' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'ER #2 - Lab_A',
      length: null,
      manufacturer: 'Swisslog',
      institute: hospital,
      archived: false,
      validation: null,
      validation_statistics: null,
      revalidation_recommended: false,
      out_of_range_count: 0,
    });
  });

  it('clears the manufacturer of a hand-carried line', async () => {
    const { body } = await createLine({ name: 'Walked', manufacturer: 'Aerocom', length: 12.5 });
    const res = await member.patch(`/v2/lines/${body.id}`, { is_hand_carried: true });
    expect(res.body).toMatchObject({ is_hand_carried: true, manufacturer: null, length: 12.5 });
  });

  it('lets guests read lines but not create, edit or archive them', async () => {
    const { body } = await createLine({ name: 'Guarded' });
    expect((await createLine({ name: 'By guest' }, guest)).status).toBe(403);
    expect((await guest.patch(`/v2/lines/${body.id}`, { archived: true })).status).toBe(403);
    expect((await guest.get(`/v2/lines/${body.id}`)).status).toBe(200);
  });

  it("answers 404 for another institute's line", async () => {
    const admin = await server.login('admin@example.org');
    const { body } = await createLine({ name: 'Courier only' }, admin, courier);
    expect((await member.get(`/v2/lines/${body.id}`)).status).toBe(404);
    expect((await member.patch(`/v2/lines/${body.id}`, { name: 'Taken' })).status).toBe(404);
  });
});

describe('line list', () => {
  it('filters by archived, name, labels and hemolysis', async () => {
    const label = await member.post(`/v2/institutes/${hospital}/labels`, {
      label: 'Basement',
      color: '#123456',
    });
    const tagged = await createLine({
      name: 'Filter tagged',
      labels: [label.body.id],
      has_hemolysis: true,
    });
    const archived = await createLine({ name: 'Filter archived' });
    const patched = await member.patch(`/v2/lines/${archived.body.id}`, { archived: true });
    expect(patched.body.archived).toBe(true);
    const list = (q: string) =>
      member
        .get(`/v2/institutes/${hospital}/lines?name__icontains=filter&${q}`)
        .then((r) => r.body.items.map((l: any) => l.name));
    expect(await list('archived=true')).toEqual(['Filter archived']);
    expect(await list('archived=false')).toEqual(['Filter tagged']);
    expect(await list(`labels=${label.body.id},999999`)).toEqual(['Filter tagged']);
    expect(await list('has_hemolysis=true')).toEqual(['Filter tagged']);
    expect(await list('ordering=-name')).toEqual(['Filter tagged', 'Filter archived']);
    expect(tagged.body.labels).toEqual([
      { id: label.body.id, label: 'Basement', color: '#123456' },
    ]);
  });
});

describe('line statistics', () => {
  it('shows figures only above 2 included records, with mean rejection per analyte', async () => {
    const { body: line } = await createLine({ name: 'Stats line' });
    await insertProcessedRecords(server.ctx.db, hospital, line.id, [
      { auc: 100 },
      { auc: 300 },
      { auc: 5000, exclude: true },
      { auc: 7000, flatlineError: true },
    ]);
    let res = await member.get(`/v2/lines/${line.id}`);
    expect(res.body.line_statistics).toMatchObject({
      record_count: 2,
      auc: { mean: null, cv: null, performance: null, rejection_rates: null },
    });

    await insertProcessedRecords(server.ctx.db, hospital, line.id, [{ auc: 500 }]);
    res = await member.get(`/v2/lines/${line.id}`);
    const stats = res.body.line_statistics;
    // Mean 300, s = sqrt(((−200)² + 0² + 200²) / 2) = 200, cv = 100·200/300.
    expect(stats.record_count).toBe(3);
    expect(stats.auc.mean).toBeCloseTo(300, 9);
    expect(stats.auc.stddev).toBeCloseTo(200, 9);
    expect(stats.auc.cv).toBeCloseTo(66.6667, 3);
    const perRecord = [100, 300, 500].map((v) => rejectionForValue(v));
    for (const analyte of ['ldh', 'asat', 'potassium'] as const) {
      const mean = perRecord.reduce((s, r) => s + r[analyte].probability, 0) / 3;
      expect(stats.auc.rejection_rates[analyte]).toBeCloseTo(mean, 12);
    }
    // LDH is the worst analyte; about 9% at these values: acceptable.
    expect(stats.auc.rejection_rates.ldh).toBeGreaterThan(0.03);
    expect(stats.auc.performance).toBe('acceptable');
  });

  it('averages the mean kinetic temperature of the included records that have one', async () => {
    const { body: line } = await createLine({ name: 'Temperature line' });
    let res = await member.get(`/v2/lines/${line.id}`);
    expect(res.body.line_statistics.mean_kinetic_temperature).toBeNull();

    await insertProcessedRecords(server.ctx.db, hospital, line.id, [
      { auc: 100, meanKineticTemperature: 4.5 },
      { auc: 200, meanKineticTemperature: null },
      { auc: 300, meanKineticTemperature: -18, exclude: true },
    ]);
    res = await member.get(`/v2/lines/${line.id}`);
    // One included record has a temperature (the excluded one does not count): 4.5.
    expect(res.body.line_statistics.mean_kinetic_temperature).toBeCloseTo(4.5, 12);

    await insertProcessedRecords(server.ctx.db, hospital, line.id, [
      { auc: 400, meanKineticTemperature: 7.25 },
      { auc: 500, meanKineticTemperature: 20 },
      { auc: 600, meanKineticTemperature: 30, flatlineError: true },
    ]);
    res = await member.get(`/v2/lines/${line.id}`);
    // (4.5 + 7.25 + 20) / 3 = 10.5833…: the record without one and the flagged one left out.
    expect(res.body.line_statistics.mean_kinetic_temperature).toBeCloseTo(31.75 / 3, 12);
    const listed = await member.get(`/v2/institutes/${hospital}/lines?name__icontains=Temperature`);
    expect(listed.body.items[0].line_statistics.mean_kinetic_temperature).toBeCloseTo(
      31.75 / 3,
      12,
    );
  });
});
