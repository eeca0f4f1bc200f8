import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ackSegments, MllpClient } from '../../testing/mllp-client';
import { frame } from './mllp';
import { spawnBridge, waitFor } from '../../testing/processes';

/**
 * `npm run feed` as a real process (lab-feed.md section 1) in front of a small HTTP server of the
 * test's own, which answers as the test tells it: the startup check and its exits, the ACK passed
 * back unchanged, the bridge's own ARs (too_large, unavailable, refused), the connection limit
 * and SIGTERM finishing the frame under way.
 */
jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const INSTITUTE = 41;
const TOKEN = 'vqc_test_token';

const STATUS = {
  can_send: true,
  last_message_at: null,
  last_error: null,
  pending_results: 0,
  rejected_kept: 0,
  days: [],
};

const MESSAGE = (id: string, extra = '') =>
  `MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIALQC|20250210083512+0100||ORU^R01^ORU_R01|${id}|P|2.5.1${extra}\rPID|1||19121212-1212^^^SKV^PN||Testsson^Greta\rOBX|1|NM|HI^Hemolysindex^L||35|mg/dL|||||F\r`;

/** What the fake VialQC answers a POST …/hl7, per request; the requests it saw. */
type Answer = (body: Buffer) => Promise<{ status: number; body: Buffer | string; type?: string }>;
let answer: Answer;
let posts: { auth: string | undefined; type: string | undefined; body: Buffer }[] = [];
let statusAnswer: { status: number; body: unknown } = { status: 200, body: STATUS };
let vialqc: http.Server;
let server: string;

beforeAll(async () => {
  vialqc = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method === 'GET' && req.url === `/v2/institutes/${INSTITUTE}/lab-feed/status`) {
          res.writeHead(statusAnswer.status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(statusAnswer.body));
          return;
        }
        const body = Buffer.concat(chunks);
        posts.push({ auth: req.headers.authorization, type: req.headers['content-type'], body });
        const a = await answer(body);
        res.writeHead(a.status, { 'Content-Type': a.type ?? 'application/hl7-v2+er7' });
        res.end(a.body);
      })();
    });
  });
  await new Promise<void>((resolve) => vialqc.listen(0, '127.0.0.1', resolve));
  server = `http://127.0.0.1:${(vialqc.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => vialqc.close(() => resolve())));
beforeEach(() => {
  posts = [];
  statusAnswer = { status: 200, body: STATUS };
});

const env = (extra: Record<string, string> = {}) => ({
  VIALQC_SERVER: server,
  VIALQC_TOKEN: TOKEN,
  VIALQC_INSTITUTE: String(INSTITUTE),
  FEED_HOST: '127.0.0.1',
  FEED_PORT: '0',
  ...extra,
});

/** Runs the bridge to its exit: code and output. */
function runToExit(vars: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/lab-feed-bridge/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...vars },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/** The JSON lines the bridge logged. */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('starting', () => {
  it.each([
    ['VIALQC_SERVER', 'http://vialqc.example.org'],
    ['VIALQC_INSTITUTE', 'Northfield'],
    ['FEED_PORT', 'IANA'],
    ['FEED_MAX_CONNECTIONS', '-1'],
  ])('exits 2 naming %s when it does not fit', async (variable, value) => {
    const { code, output } = await runToExit(env({ [variable]: value }));
    expect(code).toBe(2);
    expect(output).toMatch(new RegExp(`^${variable} must be `));
  });

  it('exits 2 naming a required variable that is missing', async () => {
    const { VIALQC_TOKEN: _, ...rest } = env();
    const { code, output } = await runToExit(rest);
    expect(code).toBe(2);
    expect(output).toMatch(/^VIALQC_TOKEN must be /);
  });

  it.each([401, 403, 404])('exits 1 when VialQC refuses the token (%i)', async (status) => {
    statusAnswer = { status, body: { detail: 'no' } };
    const { code, output } = await runToExit(env());
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `VialQC refused the token (${status}): make a read-write token of organization ${INSTITUTE} on /account.`,
    );
  });

  it('exits 1 when the token cannot send', async () => {
    statusAnswer = { status: 200, body: { ...STATUS, can_send: false } };
    const { code, output } = await runToExit(env());
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'This token cannot send results (read-only token or guest): make a read-write token.',
    );
  });

  it('says where it listens, and never shows the token', async () => {
    const bridge = await spawnBridge(env());
    try {
      expect(bridge.output()).toBe(
        `VialQC lab feed bridge listening on 127.0.0.1:${bridge.port} for organization ${INSTITUTE}, forwarding to ${server}\n`,
      );
    } finally {
      await bridge.kill();
    }
  });
});

describe('forwarding', () => {
  let bridge: Awaited<ReturnType<typeof spawnBridge>>;
  beforeAll(async () => {
    bridge = await spawnBridge(env({ FEED_TIMEOUT_SECONDS: '2', FEED_MAX_CONNECTIONS: '3' }));
  });
  afterAll(() => bridge.kill());

  it('posts each frame unchanged with the token and passes the ACK back as it came', async () => {
    const latin = Buffer.from(MESSAGE('L1', '||||||8859/1').replace('LABSYS', 'LÄBSYS'), 'latin1');
    const ack = Buffer.from(
      'MSH|^~\\&|VIALQC|VIALQC|LÄBSYS|SUS-KEM|20250210074001+0000||ACK^R01^ACK|X1|P|2.5.1\rMSA|AA|L1\r',
      'latin1',
    );
    answer = async () => ({
      status: 200,
      body: ack,
      type: 'application/hl7-v2+er7; charset=iso-8859-1',
    });
    const lis = await MllpClient.connect(bridge.port);
    expect(await lis.send(latin)).toEqual(ack);
    lis.close();
    expect(posts).toEqual([
      { auth: `Bearer ${TOKEN}`, type: 'application/hl7-v2+er7', body: latin },
    ]);
    const [line] = logLines(bridge.output()).slice(-1);
    expect(line).toEqual({
      time: expect.any(String),
      control_id: 'L1',
      msa: 'AA',
      reason: '',
      ms: expect.any(Number),
    });
    // The log never holds the message's content.
    expect(bridge.output()).not.toMatch(/Testsson|19121212|Greta/);
  });

  it('handles a connection’s frames one at a time, in order', async () => {
    const seen: string[] = [];
    answer = async (body) => {
      const id = body.toString().split('|')[9];
      seen.push(`start ${id}`);
      await new Promise((r) => setImmediate(r));
      seen.push(`end ${id}`);
      return { status: 200, body: `MSH|^~\\&|VIALQC\rMSA|AA|${id}\r` };
    };
    const lis = await MllpClient.connect(bridge.port);
    // Three frames in one write, with noise between them (dropped).
    await lis.write(
      Buffer.concat([
        frame(Buffer.from(MESSAGE('A'))),
        Buffer.from('noise'),
        frame(Buffer.from(MESSAGE('B'))),
        frame(Buffer.from(MESSAGE('C'))),
      ]),
    );
    const acks = [await lis.nextAck(), await lis.nextAck(), await lis.nextAck()];
    lis.close();
    expect(acks.map((a) => ackSegments(a)[1])).toEqual(['MSA|AA|A', 'MSA|AA|B', 'MSA|AA|C']);
    expect(seen).toEqual(['start A', 'end A', 'start B', 'end B', 'start C', 'end C']);
  });

  it('answers a frame over 1 MiB AR too_large, without sending it', async () => {
    const big = MESSAGE('BIG') + `OBX|2|ST|X^X^L||${'x'.repeat(1024 * 1024)}||||||F\r`;
    const lis = await MllpClient.connect(bridge.port);
    const segments = ackSegments(await lis.send(big));
    lis.close();
    expect(posts).toEqual([]);
    expect(segments[0]).toMatch(
      /^MSH\|\^~\\&\|VIALQC\|VIALQC\|LABSYS\|SUS-KEM\|\d{14}\+0000\|\|ACK\^R01\^ACK\|[^|]{1,20}\|P\|2\.5\.1$/,
    );
    expect(segments.slice(1)).toEqual([
      'MSA|AR|BIG|The message is larger than 1 MiB.',
      'ERR|||207^Application internal error^HL70357|E|too_large|||The message is larger than 1 MiB.',
    ]);
  });

  it('retries a 503 and answers AR unavailable when the time is up', async () => {
    answer = async () => ({ status: 503, body: 'down', type: 'text/plain' });
    const lis = await MllpClient.connect(bridge.port);
    const segments = ackSegments(await lis.send(MESSAGE('U1')));
    lis.close();
    // 2 s: tries at 0, 0.5 and 1.5 s; the next (3.5 s) would be too late.
    expect(posts).toHaveLength(3);
    expect(segments.slice(1)).toEqual([
      'MSA|AR|U1|VialQC did not answer (HTTP 503): the message was not stored; send it again.',
      'ERR|||207^Application internal error^HL70357|E|unavailable|||VialQC did not answer (HTTP 503): the message was not stored; send it again.',
    ]);
  });

  it.each([401, 403, 404])('answers AR refused at once to %i', async (status) => {
    answer = async () => ({ status, body: '{}', type: 'application/json' });
    const lis = await MllpClient.connect(bridge.port);
    const segments = ackSegments(await lis.send(MESSAGE('R1')));
    lis.close();
    expect(posts).toHaveLength(1);
    expect(segments[1]).toBe(
      `MSA|AR|R1|VialQC refused the bridge (${status}): the message was not stored.`,
    );
  });

  it('closes one connection more than FEED_MAX_CONNECTIONS at once', async () => {
    const open = await Promise.all([1, 2, 3].map(() => MllpClient.connect(bridge.port)));
    answer = async () => ({ status: 200, body: 'MSH|^~\\&|VIALQC\rMSA|AA|M\r' });
    // The three are served …
    expect(ackSegments(await open[2].send(MESSAGE('M')))[1]).toBe('MSA|AA|M');
    // … the fourth is closed without a word.
    const extra = await MllpClient.connect(bridge.port);
    await extra.closed;
    for (const c of open) c.close();
    await Promise.all(open.map((c) => c.closed));
  });

  it('drops a frame cut off by a closed connection, never sending it', async () => {
    const lis = await MllpClient.connect(bridge.port);
    await lis.write(Buffer.concat([Buffer.of(0x0b), Buffer.from(MESSAGE('CUT'))]));
    lis.close();
    // A connection after it is served normally, and nothing of the cut frame was sent.
    answer = async () => ({ status: 200, body: 'MSH|^~\\&|VIALQC\rMSA|AA|N\r' });
    const next = await MllpClient.connect(bridge.port);
    expect(ackSegments(await next.send(MESSAGE('N')))[1]).toBe('MSA|AA|N');
    next.close();
    expect(posts.map((p) => p.body.toString().split('|')[9])).toEqual(['N']);
  });
});

it('finishes the frame under way on SIGTERM, then exits 0', async () => {
  const bridge = await spawnBridge(env());
  let release!: () => void;
  const arrived = new Promise<void>((resolveArrived) => {
    answer = () => {
      resolveArrived();
      return new Promise((resolve) => {
        release = () => resolve({ status: 200, body: 'MSH|^~\\&|VIALQC\rMSA|AA|T1\r' });
      });
    };
  });
  const lis = await MllpClient.connect(bridge.port);
  const ack = lis.send(MESSAGE('T1'));
  await arrived;
  bridge.child.kill('SIGTERM');
  await waitFor('the bridge to take SIGTERM', async () => bridge.output().includes('SIGTERM'));
  release();
  expect(ackSegments(await ack)[1]).toBe('MSA|AA|T1');
  expect(await bridge.exited).toBe(0);
});
