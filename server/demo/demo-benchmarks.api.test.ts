import type { ApiClient } from '../../testing/http';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { Institute } from '../entities/institute';
import { Line } from '../entities/line';

/**
 * The full demo's peer benchmarking: the hospital and four peers take part, so the hospital's
 * default quarter shows the PTS group and its length groups and withholds the make groups; the
 * answer names none of the peers nor their lines. The courier does not take part.
 */
let server: TestServer;
let member: ApiClient;
let admin: ApiClient;
let hospital: number;
let courier: number;

beforeAll(async () => {
  server = await startTestServer({ demo: 'full', smtpUrl: undefined });
  member = await server.login('member@example.org');
  admin = await server.login('admin@example.org');
  ({ hospital, courier } = await server.demoInstitutes());
}, 300_000);
afterAll(() => server.stop());

it('shows the hospital a shown and a withheld group, and nothing of its peers', async () => {
  const answer = await member.get(`/v2/institutes/${hospital}/benchmarks`);
  expect(answer.status).toBe(200);
  const shown = answer.body.groups.filter((g: { shown: boolean }) => g.shown);
  const withheld = answer.body.groups.filter((g: { shown: boolean }) => !g.shown);
  expect(shown.map((g: { key: string }) => g.key)).toEqual(['pts', 'pts/medium', 'pts/short']);
  expect(shown.every((g: { n_institutes: number }) => g.n_institutes === 5)).toBe(true);
  expect(withheld.length).toBeGreaterThan(0);
  expect(withheld.every((g: { level: string }) => g.level === 'vendor')).toBe(true);
  const compared = answer.body.lines.filter((l: { status: string }) => l.status === 'compared');
  expect(compared).toHaveLength(4);

  const peers = await server.ctx.db
    .getRepository(Institute)
    .find({ where: { benchmarkingOptIn: true } });
  const others = peers.filter((p) => p.id !== hospital);
  expect(others).toHaveLength(4);
  const otherLines = await server.ctx.db
    .getRepository(Line)
    .find({ where: others.map((p) => ({ instituteId: p.id })) });
  const text = JSON.stringify(answer.body);
  for (const name of [...others.map((p) => p.name), ...otherLines.map((l) => l.name)]) {
    expect(text).not.toContain(name);
  }
}, 120_000);

it('leaves the courier out until an owner or admin switches it on', async () => {
  const answer = await admin.get(`/v2/institutes/${courier}/benchmarks`);
  expect(answer.status).toBe(403);
  expect((await admin.get(`/v2/institutes/${courier}/benchmarking`)).body.opt_in).toBe(false);
});
