import { createTestDatabase } from '../../testing/database';
import type { ApiClient } from '../../testing/http';
import { EX1, EX2, EX3 } from '../../testing/lab-feed';
import { ackSegments, MllpClient } from '../../testing/mllp-client';
import {
  processEnv,
  spawnBridge,
  spawnServer,
  tempDataDir,
  watchDatabase,
  type Spawned,
  type SpawnedServer,
} from '../../testing/processes';
import { freePort } from '../db/embedded-postgres';

/**
 * The bridge (`npm run feed`) in front of a real server process, over real MLLP connections
 * (lab-feed.md sections 1, 2.2 and 10): the spec's examples and hostile frames, each with the ACK
 * it gets, and a burst through a server stopped and started again midway: every message filed
 * once, none lost, none duplicated.
 */
jest.setTimeout(300_000);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Awaited<ReturnType<typeof watchDatabase>>;
let env: Record<string, string>;
let server: SpawnedServer;
let bridge: Spawned & { port: number };
let owner: ApiClient;
let hospital: number;
let token: string;

/** An ORU^R01 of one sample with `results` mapped results (HI and potassium in turn). */
const oru = (id: string, results = 1, extra: string[] = []) =>
  [
    `MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIALQC|20250301120000+0100||ORU^R01|${id}|P|2.5.1`,
    ...extra,
    'PV1|1|E|AKUT',
    `OBR|1||S-${id}|KEM^Klinisk kemi^L|||20250301113000+0100`,
    ...Array.from({ length: results }, (_, i) =>
      i % 2 === 0
        ? `OBX|${i + 1}|NM|HI^Hemolysindex^L||${10 + i}|mg/dL|||||F`
        : `OBX|${i + 1}|ST|NPU03230^P-Kalium^NPU||4,${i}|mmol/L|||||F`,
    ),
  ].join('\r');

const msa = (ack: Buffer) => ackSegments(ack)[1];

async function startServer(port: string): Promise<SpawnedServer> {
  return spawnServer({ ...env, PORT: port });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = await watchDatabase(database.url);
  env = processEnv(database.url, { DATA_DIR: tempDataDir(), WORKER: 'false' });
  server = await spawnServer({ ...env, DEMO: 'accounts', PORT: String(await freePort()) });
  [{ id: hospital }] = await db.rows<{ id: number }>(
    `SELECT id FROM institutes WHERE name = 'Northfield General Hospital'`,
  );
  await db.rows(
    `UPDATE institutes SET feature_flags = coalesce(feature_flags, '{}'::jsonb) || '{"hemolysisTracking": true}',
            timezone = 'Europe/Stockholm' WHERE id = $1`,
    [hospital],
  );
  owner = await server.login('owner@example.org');
  const line = async (name: string) => {
    const res = await owner.post(`/v2/institutes/${hospital}/lines`, { name });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const [akut, med3] = [await line('Akutmottagning'), await line('Medicin 3')];
  for (const [code, lineId] of [
    ['AKUT', akut],
    ['MED3', med3],
  ] as const) {
    const res = await owner.post(`/v2/institutes/${hospital}/lab-feed/locations`, {
      code,
      line: lineId,
    });
    expect(res.status).toBe(201);
  }
  for (const [system, code, analyte] of [
    ['L', 'HI', 'h_index'],
    ['NPU', 'NPU03230', 'potassium'],
    ['LN', '2823-3', 'potassium'],
    ['LN', '2532-0', 'ldh'],
    ['LN', '1920-8', 'asat'],
    ['L', 'NA', null],
  ]) {
    const res = await owner.post(`/v2/institutes/${hospital}/lab-feed/codes`, {
      system,
      code,
      analyte,
    });
    expect(res.status).toBe(201);
  }
  const member = await server.login('member@example.org');
  const made = await member.post('/v2/account/tokens', {
    name: 'LIS bridge',
    scope: 'read-write',
    institute: hospital,
    expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  expect(made.status).toBe(201);
  token = made.body.token as string;
  bridge = await spawnBridge({
    VIALQC_SERVER: server.url,
    VIALQC_TOKEN: token,
    VIALQC_INSTITUTE: String(hospital),
    FEED_HOST: '127.0.0.1',
    FEED_PORT: '0',
    FEED_TIMEOUT_SECONDS: '120',
  });
});
afterAll(async () => {
  await bridge?.kill();
  await server?.kill('SIGKILL');
  await db?.close();
  await database?.drop();
});

describe("section 10's examples through the bridge", () => {
  let lis: MllpClient;
  beforeAll(async () => (lis = await MllpClient.connect(bridge.port)));
  afterAll(() => lis.close());

  it('answers AA to examples 1, 2 and 3, on one connection in order', async () => {
    const ack1 = await lis.send(EX1);
    expect(ackSegments(ack1)[0]).toMatch(
      /^MSH\|\^~\\&\|VIALQC\|VIALQC\|LABSYS\|SUS-KEM\|\d{14}\+0000\|\|ACK\^R01\^ACK\|[^|]{1,20}\|P\|2\.5\.1$/,
    );
    expect(msa(ack1)).toBe('MSA|AA|K20250210-0001');
    expect(msa(await lis.send(EX2))).toBe('MSA|AA|MW-000731');
    expect(msa(await lis.send(EX3('K20250211-0311')))).toBe('MSA|AA|K20250211-0311');
    const results = await db.rows<{ analyte: string; value: number; status: string }>(
      `SELECT analyte, value, status FROM lab_feed_results
        WHERE is_current AND sample_key = (SELECT sample_key FROM lab_feed_results r
          JOIN lab_feed_messages m ON m.id = r.message_id WHERE m.control_id = 'K20250210-0001' LIMIT 1)
        ORDER BY analyte`,
    );
    expect(results).toEqual([
      { analyte: 'h_index', value: 35, status: 'final' },
      { analyte: 'ldh', value: 192, status: 'final' },
      { analyte: 'potassium', value: 4.2, status: 'corrected' },
    ]);
  });

  it('answers AE to example 3 with a negative value, listing the problem', async () => {
    const segments = ackSegments(await lis.send(EX3('K20250211-0312', '-4,2')));
    expect(segments.slice(1)).toEqual([
      'MSA|AE|K20250211-0312|OBX 1: the value -4,2 is negative.',
      'ERR||OBX^1^5|102^Data type error^HL70357|E|negative_value|||OBX 1: the value -4,2 is negative.',
    ]);
  });

  it('answers a resend AA, filing nothing', async () => {
    const before = await db.rows<{ n: number }>('SELECT count(*)::int AS n FROM lab_feed_results');
    expect(msa(await lis.send(EX1))).toBe('MSA|AA|K20250210-0001');
    expect(await db.rows('SELECT count(*)::int AS n FROM lab_feed_results')).toEqual(before);
  });
});

describe('hostile frames', () => {
  let lis: MllpClient;
  beforeAll(async () => (lis = await MllpClient.connect(bridge.port)));
  afterAll(() => lis.close());

  it('wrong separators: AR not_hl7, without a readable MSH', async () => {
    const segments = ackSegments(await lis.send(EX1.replace('MSH|^~\\&|', 'MSH|^~|')));
    expect(segments[0]).toMatch(
      /^MSH\|\^~\\&\|VIALQC\|VIALQC\|\|\|\d{14}\+0000\|\|ACK\|[^|]{1,20}\|\|$/,
    );
    expect(segments[1]).toBe('MSA|AR||The message does not start with an MSH segment.');
  });

  it('a message cut off inside its MSH: AR, nothing filed', async () => {
    const segments = ackSegments(await lis.send('MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIAL'));
    expect(segments[1]).toMatch(/^MSA\|AR\|/);
  });

  it('a frame over 1 MiB: AR too_large from the bridge', async () => {
    const big = oru('HUGE-1', 1, [`NTE|1||${'x'.repeat(1024 * 1024)}`]);
    expect(ackSegments(await lis.send(big)).slice(1)).toEqual([
      'MSA|AR|HUGE-1|The message is larger than 1 MiB.',
      'ERR|||207^Application internal error^HL70357|E|too_large|||The message is larger than 1 MiB.',
    ]);
  });

  it('a million OBX: AR too_large; 1,001 within 1 MiB: AE too_many_results', async () => {
    const million = `${oru('OBX-1M', 0)}\r${'OBX|1|NM|HI^H^L||1|||||F\r'.repeat(1_000_000)}`;
    expect(msa(await lis.send(million))).toBe('MSA|AR|OBX-1M|The message is larger than 1 MiB.');
    expect(msa(await lis.send(oru('OBX-1001', 1001)))).toBe(
      'MSA|AE|OBX-1001|The message has 1,001 results; at most 1,000 are accepted.',
    );
  });

  it('NUL bytes: AE nul_character', async () => {
    const segments = ackSegments(await lis.send(oru('NUL-1').replace('||10|', '||1\u00000|')));
    expect(segments[1]).toBe('MSA|AE|NUL-1|The message contains a NUL character (0x00).');
  });

  it('an unknown character set: AR unsupported_charset', async () => {
    const text = oru('KOI-1').replace('|2.5.1', '|2.5.1||||||KOI8-R');
    const segments = ackSegments(await lis.send(text));
    expect(segments.slice(1)).toEqual([
      'MSA|AR|KOI-1|Character set KOI8-R is not supported: send UNICODE UTF-8 or 8859/1.',
      'ERR||MSH^1^18|103^Table value not found^HL70357|E|unsupported_charset|||Character set KOI8-R is not supported: send UNICODE UTF-8 or 8859/1.',
    ]);
  });

  it('ISO-8859-1: the ACK comes back in it', async () => {
    const text = oru('LAT-1').replace('LABSYS', 'LÄBSYS').replace('|2.5.1', '|2.5.1||||||8859/1');
    const ack = await lis.send(Buffer.from(text, 'latin1'));
    expect(ack.includes(Buffer.from('|LÄBSYS|', 'latin1'))).toBe(true);
    expect(msa(ack)).toBe('MSA|AA|LAT-1');
  });

  it('a PID with a name in every field: AA, the name kept nowhere and never logged', async () => {
    const pid = `PID${'|Zebulon Quixwhistle'.repeat(39)}`;
    expect(msa(await lis.send(oru('PID-1', 1, [pid])))).toBe('MSA|AA|PID-1');
    for (const table of ['lab_feed_messages', 'lab_feed_results', 'lab_feed_days']) {
      const rows = await db.rows<{ t: string }>(`SELECT t::text AS t FROM ${table} t`);
      expect(rows.map((r) => r.t).join('\n')).not.toContain('Quixwhistle');
    }
    expect(bridge.output()).not.toContain('Quixwhistle');
    expect(server.output()).not.toContain('Quixwhistle');
  });

  it('a frame cut off by a closed connection: never acknowledged, nothing filed', async () => {
    const cut = await MllpClient.connect(bridge.port);
    await cut.write(Buffer.concat([Buffer.of(0x0b), Buffer.from(oru('CUT-1'))]));
    cut.close();
    expect(msa(await lis.send(oru('AFTER-CUT')))).toBe('MSA|AA|AFTER-CUT');
    expect(await db.rows(`SELECT id FROM lab_feed_messages WHERE control_id = 'CUT-1'`)).toEqual(
      [],
    );
  });
});

it('loses and duplicates nothing when the server restarts mid-burst', async () => {
  const CONNECTIONS = 4;
  const PER_CONNECTION = 60;
  const port = new URL(server.url).port;
  let acked = 0;
  let restart: Promise<void> | undefined;
  const codes: string[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      const lis = await MllpClient.connect(bridge.port);
      for (let i = 0; i < PER_CONNECTION; i++) {
        codes.push(ackSegments(await lis.send(oru(`BURST-${c}-${i}`, 5)))[1].split('|')[1]);
        // A quarter through, the server stops hard and starts again on the same port.
        if (++acked === (CONNECTIONS * PER_CONNECTION) / 4) {
          restart = (async () => {
            await server.kill('SIGKILL');
            server = await startServer(port);
          })();
        }
      }
      lis.close();
    }),
  );
  await restart;
  expect(codes.filter((c) => c !== 'AA')).toEqual([]);
  const [counts] = await db.rows<{ messages: number; samples: number; results: number }>(
    `SELECT count(DISTINCT m.id)::int AS messages, count(DISTINCT r.sample_key)::int AS samples,
            count(r.id)::int AS results
       FROM lab_feed_messages m JOIN lab_feed_results r ON r.message_id = m.id
      WHERE m.control_id LIKE 'BURST-%' AND m.state = 'accepted'`,
  );
  expect(counts).toEqual({
    messages: CONNECTIONS * PER_CONNECTION,
    samples: CONNECTIONS * PER_CONNECTION,
    results: CONNECTIONS * PER_CONNECTION * 5,
  });
  // The status counts each message once: accepted, or a duplicate of a copy the server filed
  // just before it stopped (the bridge sent it again, §2.2 dropped the copy).
  const status = await owner.as(token).get(`/v2/institutes/${hospital}/lab-feed/status`);
  expect(status.status).toBe(200);
  const [accepted] = await db.rows<{ n: number }>(
    `SELECT count(*)::int AS n FROM lab_feed_messages WHERE state = 'accepted'`,
  );
  const days = status.body.days as { accepted: number }[];
  expect(days.reduce((sum, d) => sum + d.accepted, 0)).toBe(accepted.n);
});
