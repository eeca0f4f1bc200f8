import fs from 'node:fs';
import { createTestDatabase } from '../../../testing/database';
import {
  processEnv,
  spawnServer,
  tempDataDir,
  watchDatabase,
  type SpawnedServer,
} from '../../../testing/processes';

/**
 * The import of 100,000 rows in a server process of its own, started as `npm start` starts it:
 * the file is streamed and stored in batches, so the server's resident memory grows by at most
 * 32 MB (its peak, VmHWM, reset before the import through /proc/<pid>/clear_refs).
 */
jest.setTimeout(300_000);

const ROWS = 100_000;
const LIMIT_MB = 32;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Awaited<ReturnType<typeof watchDatabase>>;
let server: SpawnedServer;

beforeAll(async () => {
  database = await createTestDatabase();
  db = await watchDatabase(database.url);
  server = await spawnServer({
    ...processEnv(database.url, { WORKER: 'false' }),
    DATA_DIR: tempDataDir(),
    DEMO: 'accounts',
  });
});
afterAll(async () => {
  await server?.kill('SIGKILL');
  await db?.close();
  await database?.drop();
});

/** The server's resident size (`VmRSS`) or its peak since the last reset (`VmHWM`), in bytes. */
function memory(field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!kb) throw new Error(`No ${field} in /proc/${server.child.pid}/status`);
  return Number(kb[1]) * 1024;
}

function csv(rows: number): Buffer {
  const lines = [
    'date;line;h_index;h_index_baseline;ldh;ldh_baseline;potassium;potassium_baseline',
  ];
  for (let i = 0; i < rows; i += 1) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(
      `2025-03-${day};Memory line;${(i % 300) / 10};${(i % 70) / 10};${200 + (i % 97)},25;` +
        `${180 + (i % 89)};${(i % 9) / 2 + 3};4,${i % 100}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

it(`imports ${ROWS.toLocaleString('en-US')} rows with at most ${LIMIT_MB} MB more memory`, async () => {
  const [{ id: hospital }] = await db.rows<{ id: number }>(
    `SELECT id FROM institutes WHERE name = 'Northfield General Hospital'`,
  );
  await db.rows(`UPDATE institutes SET feature_flags = '{"clinicalData": true}' WHERE id = $1`, [
    hospital,
  ]);
  const member = await server.login('member@example.org');
  expect(
    (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Memory line' })).status,
  ).toBe(201);
  const send = (bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'lab-export.csv');
    return member.multipart(`/v2/institutes/${hospital}/clinical-data/import`, form);
  };
  // Once small, so the code of the import is loaded and compiled before the measurement.
  expect((await send(csv(100))).status).toBe(201);
  const file = csv(ROWS);

  fs.writeFileSync(`/proc/${server.child.pid}/clear_refs`, '5');
  const before = memory('VmRSS');
  const started = performance.now();
  const res = await send(file);
  const seconds = (performance.now() - started) / 1000;
  const peak = memory('VmHWM');
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ created: ROWS });
  const growth = (peak - before) / 1024 / 1024;
  console.log(
    `clinical data import of ${ROWS} rows: server RSS +${growth.toFixed(1)} MB, ${seconds.toFixed(1)} s`,
  );
  expect(growth).toBeLessThanOrEqual(LIMIT_MB);

  const [stored] = await db.rows<{ n: number }>(
    'SELECT count(*)::int AS n FROM clinical_data WHERE institute_id = $1',
    [hospital],
  );
  expect(stored.n).toBe(ROWS + 100);
});
