import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expected, readFixture } from '../shared/vial/testing/fixtures';
import { simulateRun } from '../shared/vial/simulate';
import { createTestDatabase } from '../testing/database';
import { THROTTLE_LIMITS } from './auth/login-throttle';
import { DEMO_PASSWORD } from './demo/seed';
import {
  processEnv,
  spawnServer,
  spawnWorker,
  tempDataDir,
  waitFor,
  watchDatabase,
  type Spawned,
  type SpawnedServer,
} from '../testing/processes';
import { registerFixtureVials, runForm, waitProcessed } from '../testing/records';
import { startTestS3, type TestS3 } from '../testing/s3';

/**
 * Several processes, as a deployment with more than one server runs: two API processes without
 * workers and one worker process, each with a DATA_DIR of its own, sharing one PostgreSQL and one
 * S3 bucket (s3rver on loopback).
 */
jest.setTimeout(300_000);

let s3: TestS3;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Awaited<ReturnType<typeof watchDatabase>>;
let env: Record<string, string>;
const running: Spawned[] = [];
let first: SpawnedServer, second: SpawnedServer;
const firstDir = tempDataDir();

beforeAll(async () => {
  [s3, database] = await Promise.all([startTestS3('vialqc-scale-out'), createTestDatabase()]);
  db = await watchDatabase(database.url);
  env = processEnv(database.url, {
    ...s3.env,
    WORKER: 'false',
    JOB_EXPIRE_SECONDS: '30',
    JOB_MAINTENANCE_SECONDS: '1',
  });
  // The first seeds the demo accounts; the others start on the migrated, seeded database.
  first = await spawnServer({ ...env, DATA_DIR: firstDir, DEMO: 'accounts' });
  running.push(first);
  const [b, worker] = await Promise.all([
    spawnServer({ ...env, DATA_DIR: tempDataDir() }),
    spawnWorker({ ...env, DATA_DIR: tempDataDir() }),
  ]);
  second = b;
  running.push(second, worker);
});
afterAll(async () => {
  for (const p of running) await p.kill('SIGKILL');
  await db?.close();
  await database?.drop();
  await s3?.stop();
});

it('an upload through one server is processed by the worker and charted through the other', async () => {
  const staff = await first.login('staff@example.org');
  const hospital = (
    await db.rows<{ id: number }>(
      `SELECT id FROM institutes WHERE name = 'Northfield General Hospital'`,
    )
  )[0].id;
  await registerFixtureVials(staff, hospital);
  const want = expected.records['pts-typical'];
  const onFirst = await first.login('member@example.org');
  const res = await onFirst.multipart(
    `/v2/institutes/${hospital}/record-upload`,
    runForm(readFixture(want.file), want.vial_uuid),
  );
  expect(res.status).toBe(201);
  expect(await s3.keys()).toContain(
    `${res.body.sha256.slice(0, 2)}/${res.body.sha256.slice(2, 4)}/${res.body.sha256}`,
  );

  // The same access token works on the second server: JWT_SECRET is shared.
  const onSecond = second.api.as(onFirst.token);
  const record = await waitProcessed(onSecond, res.body.id, 120_000);
  expect(record.processing_error).toBeNull();
  expect(record.metrics.auc / want.auc).toBeCloseTo(1, 9);
  const data = await onSecond.get(`/v2/records/${res.body.id}/data?type=acceleration`);
  expect(data.status).toBe(200);
  expect(data.body.acceleration.length).toBeGreaterThan(10);
  const cumulative = await onSecond.get(`/v2/records/${res.body.id}/cumulative?metric=auc`);
  expect(cumulative.status).toBe(200);
  expect(cumulative.body.cumulative_metric.at(-1)).toBeCloseTo(want.auc, 6);
});

it('the login throttle counts failed attempts made through both servers together', async () => {
  const attempt = (server: SpawnedServer, password: string) =>
    server.api.form('/v2/auth/token', { username: 'guest@example.org', password });
  const limit = THROTTLE_LIMITS.login.perAccount;
  // The failures alternate between the servers: neither alone saw enough to block.
  for (let i = 0; i < limit; i++) {
    expect((await attempt(i % 2 ? second : first, 'wrong password')).status).toBe(400);
  }
  for (const server of [first, second]) {
    const blocked = await attempt(server, DEMO_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed login attempts/);
  }
});

it('a server killed mid-upload leaves nothing half-stored; its staging file is swept at start-up', async () => {
  const member = await first.login('member@example.org');
  const hospital = (
    await db.rows<{ id: number }>(
      `SELECT id FROM institutes WHERE name = 'Northfield General Hospital'`,
    )
  )[0].id;
  const uuid = expected.records['pts-typical'].vial_uuid;
  const records = await db.records();
  const keys = await s3.keys();

  // A large run sent slowly: half of it, then the server dies.
  const bytes = Buffer.from(simulateRun({ seed: 99, vialUuid: uuid, transitSeconds: 600 }));
  const boundary = 'scale-out-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="vial_uuid"\r\n\r\n${uuid}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="RUN.DAT"\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const socket = net.connect(Number(new URL(first.url).port), '127.0.0.1');
  socket.on('error', () => undefined); // the server dies mid-request
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /v2/institutes/${hospital}/record-upload HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${member.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, body.length >> 1));
  const staging = path.join(firstDir, 'blobs', 'staging');
  const stagingSize = () =>
    fs.existsSync(staging)
      ? fs.readdirSync(staging).reduce((n, f) => n + fs.statSync(path.join(staging, f)).size, 0)
      : 0;
  await waitFor('the upload to be half in staging', async () => stagingSize() > 0);
  await first.kill('SIGKILL');
  socket.destroy();

  expect(await db.records()).toEqual(records);
  expect(await s3.keys()).toEqual(keys);
  const left = fs.readdirSync(staging);
  expect(left).toHaveLength(1);

  // An hour later the server starts again: the dead upload's staging file is swept.
  const hourAgo = new Date(Date.now() - 3600_000 - 60_000);
  fs.utimesSync(path.join(staging, left[0]), hourAgo, hourAgo);
  first = await spawnServer({ ...env, DATA_DIR: firstDir });
  running.push(first);
  expect(fs.readdirSync(staging)).toEqual([]);
  expect(first.output()).toMatch(/Removed 1 staging file/);
  expect(await db.records()).toEqual(records);
  expect(await s3.keys()).toEqual(keys);
});
