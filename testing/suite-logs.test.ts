import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { leaksIn } from './suite-logs';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-suite-logs-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const write = (file: string, lines: unknown[]) =>
  fs.writeFileSync(
    path.join(dir, file),
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'),
  );

it('finds nothing in lines that name only routes, ids and outcomes', () => {
  write('tokens-1.txt', [token]);
  write('server-1.jsonl', [
    { msg: 'request', route: '/v2/auth/token', status: 200, req_id: 'a1b2c3d4-e5f6' },
    { msg: 'request', route: '/v2/institutes/:id/clinical-data', status: 201, user_id: 3 },
  ]);
  expect(leaksIn(dir)).toEqual([]);
});

it('names each line that gives away the demo password, a token handed out or a clinical value', () => {
  write('tokens-7.txt', [token, '']);
  write('server-1.jsonl', [
    { msg: 'request', route: '/v2/auth/token' },
    { msg: 'login failed', body: `password=${DEMO_PASSWORD}` },
  ]);
  write('server-2.jsonl', [
    { msg: 'request', authorization: `Bearer ${token}` },
    { msg: 'query failed', err: { parameters: { ldh: 4321.5 } } },
    'Error: not a JSON line',
  ]);
  expect(leaksIn(dir).sort()).toEqual([
    'server-1.jsonl:2: the demo password',
    'server-2.jsonl:1: a token',
    'server-2.jsonl:2: the clinical field ldh',
    'server-2.jsonl:3: not JSON',
  ]);
});
