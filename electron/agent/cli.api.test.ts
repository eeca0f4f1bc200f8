import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { registerFixtureVials } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { parseCli, runCli, type CliOptions } from './cli';
import { copyFixtureDrive, removeDrives, runFilesOn, simulatedDrive } from './testing/drives';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');

let server: TestServer;
let hospital: number;

beforeAll(async () => {
  server = await startTestServer();
  const staff = await server.login('staff@example.org');
  ({ hospital } = await server.demoInstitutes());
  await registerFixtureVials(staff, hospital);
});
afterEach(removeDrives);
afterAll(() => server.stop());

const options = (drives: string[], extra: Partial<CliOptions> = {}): CliOptions => ({
  server: server.url,
  email: 'member@example.org',
  password: DEMO_PASSWORD,
  institute: hospital,
  drives,
  once: true,
  removeDuplicates: false,
  ...extra,
});

it('--once uploads the vials present, prints their states and exits 0', async () => {
  const drives = [copyFixtureDrive('drive-1'), copyFixtureDrive('drive-2')];
  const lines: string[] = [];
  expect(await runCli(options(drives), (line) => lines.push(line))).toBe(0);
  const output = lines.join('\n');
  expect(output).toMatch(/^VV-1007: Ready to Upload \(6 runs, [\d.]+ MB\)/m);
  expect(output).toMatch(/^VV-1008: Uploading \d+% /m);
  expect(output).toMatch(/^VV-1007: Upload Complete \(0 runs, 0.0 MB\)/m);
  expect(lines.at(-1)).toBe('Every run was uploaded.');
  for (const drive of drives) expect(runFilesOn(drive)).toEqual([]);
});

it('--once exits non-zero and prints the message when a vial cannot be uploaded', async () => {
  const drive = simulatedDrive('VV-7100', 7100);
  const lines: string[] = [];
  expect(await runCli(options([drive.root]), (line) => lines.push(line))).toBe(1);
  expect(lines.join('\n')).toContain(
    '\n  ! VV-7100 is not registered, please contact the provider.',
  );
  expect(lines.at(-1)).toBe('Some runs were not uploaded.');
  expect(runFilesOn(drive.root)).toHaveLength(2);
});

it('reads its options from the command line and the password from VIALQC_PASSWORD', () => {
  const argv = [
    '--server',
    'http://x',
    '--email',
    'a@b.c',
    '--institute',
    '3',
    '--drive',
    'd1',
    '--drive',
    'd2',
    '--once',
  ];
  expect(parseCli(argv, { VIALQC_PASSWORD: 'pw' })).toMatchObject({
    server: 'http://x',
    email: 'a@b.c',
    password: 'pw',
    institute: 3,
    drives: ['d1', 'd2'],
    once: true,
    removeDuplicates: false,
  });
  expect(() => parseCli(argv, {})).toThrow('VIALQC_PASSWORD');
  expect(() => parseCli(['--server', 'http://x'], { VIALQC_PASSWORD: 'pw' })).toThrow('Usage');
});

it('runs as `npm run agent` (tsx) with a real exit code', async () => {
  const drive = copyFixtureDrive('drive-1');
  const args = [
    'tsx',
    'electron/agent/cli.ts',
    '--server',
    server.url,
    '--email',
    'member@example.org',
  ];
  args.push('--institute', String(hospital), '--drive', drive, '--once', '--remove-duplicates');
  const { stdout } = await run('npx', args, {
    cwd: ROOT,
    env: { ...process.env, VIALQC_PASSWORD: DEMO_PASSWORD },
  });
  expect(stdout).toContain('VV-1007: Upload Complete');
  expect(stdout.trim().split('\n').at(-1)).toBe('Every run was uploaded.');
  await expect(run('npx', ['tsx', 'electron/agent/cli.ts'], { cwd: ROOT })).rejects.toMatchObject({
    code: 2,
  });
});

describe('with a personal access token instead of a password', () => {
  const tokenOf = async (scope: 'read' | 'read-write') => {
    const member = await server.login('member@example.org');
    const res = await member.post('/v2/account/tokens', {
      name: `agent ${scope}`,
      scope,
      institute: hospital,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(res.status).toBe(201);
    return res.body.token as string;
  };
  const withToken = (drives: string[], token: string): CliOptions => ({
    ...options(drives),
    email: undefined,
    password: undefined,
    token,
  });

  it('reads the token from VIALQC_TOKEN, so no e-mail or password is needed', () => {
    const argv = ['--server', 'http://x', '--institute', '3', '--once'];
    expect(parseCli(argv, { VIALQC_TOKEN: 'vqc_pat_abc' })).toEqual({
      server: 'http://x',
      token: 'vqc_pat_abc',
      institute: 3,
      drives: [],
      once: true,
      removeDuplicates: false,
      largeFileBytes: undefined,
    });
    expect(() => parseCli(argv, {})).toThrow('VIALQC_TOKEN');
  });

  it('uploads with a read-write token', async () => {
    const drive = copyFixtureDrive('drive-1');
    const lines: string[] = [];
    const code = await runCli(withToken([drive], await tokenOf('read-write')), (l) =>
      lines.push(l),
    );
    expect(lines.at(-1)).toBe('Every run was uploaded.');
    expect(code).toBe(0);
  });

  it('uploads nothing with a read token (a permission issue, as a 403 is shown)', async () => {
    const drive = copyFixtureDrive('drive-2');
    const before = runFilesOn(drive).length;
    const lines: string[] = [];
    const code = await runCli(withToken([drive], await tokenOf('read')), (l) => lines.push(l));
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('Permission issue, Please contact the provider');
    expect(runFilesOn(drive)).toHaveLength(before);
  });
});
