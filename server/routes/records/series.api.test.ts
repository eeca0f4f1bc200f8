import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseRun } from '../../../shared/vial/dat';
import {
  accelerationSeries,
  cumulativeSeries,
  DEFAULT_MAX_POINTS,
  SERIES_KINDS,
  temperatureSeries,
} from '../../../shared/vial/series';
import { expected, readFixture } from '../../../shared/vial/testing/fixtures';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { RecordSeries } from '../../entities/record-series';
import { SERIES_FORMAT } from '../../domain/records/series';
import { processRecord } from '../../pipeline/process-record';

let server: TestServer;
let staff: ApiClient, member: ApiClient;
let hospital: number, courier: number;
const ids: Record<string, number> = {};
const sha256s: Record<string, string> = {};

const FIXTURES = ['pts-1600hz', 'pts-400hz', 'pts-typical', 'frozen'] as const;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member] = await Promise.all(
    ['staff', 'member'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  await registerFixtureVials(staff, hospital);
  for (const name of FIXTURES) {
    const want = expected.records[name];
    const { id, sha256 } = (await uploadFixture(member, hospital, want.file, want.vial_uuid)).body;
    [ids[name], sha256s[name]] = [id, sha256];
  }
  for (const id of Object.values(ids)) await waitProcessed(member, id);
});
afterAll(() => server.stop());

const stored = (recordId: number) =>
  server.ctx.db.getRepository(RecordSeries).find({ where: { recordId }, order: { kind: 'ASC' } });

const blobPath = (sha256: string) =>
  path.join(server.dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256);

/** Every series URL of a record, with what the per-request computation answers for it. */
function seriesOf(name: (typeof FIXTURES)[number], maxPoints?: number) {
  const run = parseRun(readFixture(expected.records[name].file));
  const id = ids[name];
  const mp = maxPoints ?? DEFAULT_MAX_POINTS;
  const points = maxPoints === undefined ? '' : `&max_points=${maxPoints}`;
  return [
    [`/v2/records/${id}/data?type=acceleration${points}`, accelerationSeries(run, mp)],
    [`/v2/records/${id}/data?type=temperature${points}`, temperatureSeries(run, mp)],
    ...(['auc', 'auc_225hz', 'power'] as const).map((metric) => [
      `/v2/records/${id}/cumulative?metric=${metric}${points}`,
      cumulativeSeries(run, metric, mp),
    ]),
  ] as [string, object][];
}

it('stores every series the renderer asks for at processing, equal to computing them per request', async () => {
  for (const name of FIXTURES) {
    const rows = await stored(ids[name]);
    expect(rows.map((r) => [r.kind, r.maxPoints, r.sha256, r.format])).toEqual(
      [...SERIES_KINDS]
        .sort()
        .map((kind) => [kind, DEFAULT_MAX_POINTS, sha256s[name], SERIES_FORMAT]),
    );
    for (const [url, want] of seriesOf(name)) {
      const res = await member.get(url);
      expect([url, res.status, res.body]).toEqual([url, 200, JSON.parse(JSON.stringify(want))]);
    }
  }
});

it('computes other max_points per request without storing them', async () => {
  for (const [url, want] of seriesOf('pts-1600hz', 300)) {
    const res = await member.get(url);
    expect([url, res.status, res.body]).toEqual([url, 200, JSON.parse(JSON.stringify(want))]);
  }
  expect((await stored(ids['pts-1600hz'])).map((r) => r.maxPoints)).not.toContain(300);
});

it('answers 304 to a revisit with the ETag, gzip or not, and a new body for other parameters', async () => {
  const url = `/v2/records/${ids['pts-typical']}/data?type=acceleration`;
  const first = await member.get(url);
  const etag = first.headers.get('etag')!;
  expect(etag).toMatch(/^"[^"]+"$/);
  expect(first.headers.get('cache-control')).toBe('private, no-cache');
  expect(first.headers.get('content-encoding')).toBe('gzip');
  expect(first.headers.get('vary')).toMatch(/Accept-Encoding/);

  const revisit = await member.request('GET', url, { headers: { 'If-None-Match': etag } });
  expect([revisit.status, revisit.body]).toEqual([304, undefined]);
  expect(revisit.headers.get('etag')).toBe(etag);
  const weakly = await member.request('GET', url, {
    headers: { 'If-None-Match': `"x", W/${etag}` },
  });
  expect(weakly.status).toBe(304);

  // Another representation has another ETag: the unpacked body, another max_points, another kind.
  const plain = await member.request('GET', url, { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(plain.body).toEqual(first.body);
  const others = [
    plain.headers.get('etag'),
    (await member.get(`${url}&max_points=500`)).headers.get('etag'),
    (await member.get(url.replace('acceleration', 'temperature'))).headers.get('etag'),
  ];
  expect(new Set([etag, ...others]).size).toBe(4);
  for (const other of others) {
    const res = await member.request('GET', url, { headers: { 'If-None-Match': other! } });
    expect(res.status).toBe(200);
  }
});

it('gives records processed before series were stored theirs on the first request, and keeps them', async () => {
  const name = 'pts-400hz';
  await server.ctx.db.getRepository(RecordSeries).delete({ recordId: ids[name] });
  const series = seriesOf(name);
  for (const [url, want] of series) {
    expect((await member.get(url)).body).toEqual(JSON.parse(JSON.stringify(want)));
  }
  expect(await stored(ids[name])).toHaveLength(SERIES_KINDS.length);

  // Kept: answered without the run file from now on.
  const sha256 = sha256s[name];
  const file = fs.readFileSync(blobPath(sha256));
  fs.rmSync(blobPath(sha256));
  server.ctx.runs.clear();
  try {
    for (const [url, want] of series) {
      const res = await member.get(url);
      expect([url, res.status, res.body]).toEqual([url, 200, JSON.parse(JSON.stringify(want))]);
    }
  } finally {
    fs.writeFileSync(blobPath(sha256), file);
  }
});

it('computes fresh series when the record is processed again, or its run or the format changed', async () => {
  const name = 'frozen';
  const id = ids[name];
  const [url, want] = seriesOf(name)[0];
  const spoilt = gzipSync(JSON.stringify({ stale: true }));
  const spoil = (change: Partial<RecordSeries>) =>
    server.ctx.db
      .getRepository(RecordSeries)
      .update({ recordId: id, kind: 'acceleration' }, { body: spoilt, ...change });
  const answer = async () => (await member.get(url)).body;
  const fresh = JSON.parse(JSON.stringify(want));

  await spoil({});
  expect(await answer()).toEqual({ stale: true }); // served as stored, the run not read
  await processRecord(server.ctx, id);
  expect(await answer()).toEqual(fresh);

  await spoil({ format: SERIES_FORMAT - 1 });
  expect(await answer()).toEqual(fresh);
  await spoil({ sha256: '0'.repeat(64) });
  expect(await answer()).toEqual(fresh);
  const [row] = (await stored(id)).filter((r) => r.kind === 'acceleration');
  expect([row.sha256, row.format]).toEqual([sha256s[name], SERIES_FORMAT]);
});

it('keeps tenancy and visibility before any 304', async () => {
  const id = ids['pts-1600hz'];
  const url = `/v2/records/${id}/cumulative?metric=auc`;
  const etag = (await member.get(url)).headers.get('etag')!;
  const revisit = () => member.request('GET', url, { headers: { 'If-None-Match': etag } });
  expect((await revisit()).status).toBe(304);

  await staff.patch(`/v2/records/${id}`, { hidden: true });
  expect((await revisit()).status).toBe(404);
  const seen = await staff.request('GET', url, { headers: { 'If-None-Match': etag } });
  expect(seen.status).toBe(304);
  await staff.patch(`/v2/records/${id}`, { hidden: false });

  await staff.patch(`/v2/records/${id}`, { institute: courier });
  expect((await revisit()).status).toBe(404);
  expect((await member.get(url)).status).toBe(404);
});
