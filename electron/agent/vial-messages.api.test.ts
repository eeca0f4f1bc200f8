import net from 'node:net';
import path from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { VIAL_MESSAGES } from '../../shared/ipc/vial-drive';
import { FIXTURES_DIR } from '../../shared/vial/testing/fixtures';
import { registerFixtureVials } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { ApiClient } from '../../testing/http';
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { DirectoryDriveSource } from './drive-source';
import { memoryTokenStore, ServerClient } from './server-client';
import { agentsPerTest, FAST_RETRY, waitFor } from './testing/agent';
import { addLargeRun, driveWithTag, runFilesOn, sha256Of, simulatedDrive } from './testing/drives';
import { startFailingFront } from './testing/failing-front';
import { VialAgent } from './vial-agent';

let server: TestServer;
let staff: ApiClient;
let hospital: number, courier: number;

beforeAll(async () => {
  // A 1 MiB limit lets the fixture runs through and refuses a 2 MB run.
  server = await startTestServer({ maxUploadBytes: 1024 * 1024 });
  staff = await server.login('staff@example.org');
  ({ hospital, courier } = await server.demoInstitutes());
  await registerFixtureVials(staff, hospital);
});
const { agentOn, track } = agentsPerTest(() => server);
afterAll(() => server.stop());

async function registered(serial: string, seed: number, institute = hospital) {
  const drive = simulatedDrive(serial, seed);
  const res = await staff.post('/v2/vials', {
    label: serial,
    uuid: drive.uuid,
    version: 'VV2',
    institute,
  });
  expect(res.status).toBe(201);
  return drive;
}

const texts = (agent: VialAgent) => agent.list()[0].messages.map((m) => m.text);

describe('vial drive messages', () => {
  it('a tag of the wrong size is a corrupted vial, and nothing is uploaded from it', async () => {
    const drive = driveWithTag('tag-87-bytes.bin');
    const agent = await agentOn([drive]);
    expect(agent.list()[0]).toMatchObject({
      label: null,
      status: 'error',
      datFiles: expect.any(Array),
    });
    expect(texts(agent)).toEqual([
      'One or more vials has been corrupted or is not properly configured. Please unplug the vial and contact support.',
    ]);
    const result = await agent.upload(agent.list()[0].id, hospital);
    expect(result.remaining).toHaveLength(6);
    expect(runFilesOn(drive)).toHaveLength(6);
    // The broken tag is left exactly as it was.
    expect(readFileSync(path.join(drive, 'VIALTAG.BIN'))).toEqual(
      readFileSync(path.join(FIXTURES_DIR, 'bad', 'tag-87-bytes.bin')),
    );
  });

  it('a tag with an empty serial is a vial not properly configured', async () => {
    const agent = await agentOn([driveWithTag('tag-empty-serial.bin')]);
    expect(agent.list()[0].status).toBe('error');
    expect(texts(agent)).toEqual([
      'A VitalVial is not properly configured. Please unplug the vial and contact support.',
    ]);
  });

  it('an unknown vial is not registered, and keeps its runs', async () => {
    const drive = simulatedDrive('VV-7000', 7000);
    const agent = await agentOn([drive.root]);
    await waitFor(() => agent.list()[0].registered === false);
    expect(texts(agent)).toEqual(['VV-7000 is not registered, please contact the provider.']);
    const result = await agent.upload(agent.list()[0].id, hospital);
    expect(result.remaining).toHaveLength(2);
    expect(runFilesOn(drive.root)).toHaveLength(2);
  });

  it('a retired vial is at its end of life', async () => {
    const drive = await registered('VV-7001', 7001);
    expect((await staff.delete('/v2/vials/VV-7001')).status).toBe(204);
    const agent = await agentOn([drive.root]);
    await waitFor(() => agent.list()[0].endOfLife);
    expect(agent.list()[0]).toMatchObject({ registered: true, endOfLife: true });
    expect(texts(agent)).toEqual([
      'VV-7001 is no longer supported and should be returned to the provider.',
    ]);
    await agent.upload(agent.list()[0].id, hospital);
    expect(runFilesOn(drive.root)).toHaveLength(2);
  });

  it('a vial of another organization is a permission issue (403)', async () => {
    const drive = await registered('VV-7002', 7002, courier);
    // admin@ belongs to both customer organizations, so it sees the vial but uploads to the hospital.
    const agent = await agentOn([drive.root], { email: 'admin@example.org' });
    const result = await agent.upload(agent.list()[0].id, hospital);
    expect(result.remaining).toHaveLength(2);
    expect(agent.list()[0].status).toBe('error');
    expect(texts(agent)).toEqual([
      'Upload Error: Permission issue, Please contact the provider',
      'Upload Error: Some records still remain on VV-7002',
    ]);
    expect(runFilesOn(drive.root)).toHaveLength(2);
  });

  it('shows the server’s own text for other errors', async () => {
    const drive = await registered('VV-7003', 7003);
    const front = await startFailingFront(server.url, 500, {
      detail: 'The record store is unavailable.',
    });
    try {
      const agent = await agentOn([drive.root], { url: front.url });
      await agent.upload(agent.list()[0].id, hospital);
      expect(texts(agent)).toEqual([
        'The record store is unavailable.',
        'Upload Error: Some records still remain on VV-7003',
      ]);
      expect(runFilesOn(drive.root)).toHaveLength(2);
    } finally {
      await front.stop();
    }
  });

  it('an upload answer that is not the shared upload schema is refused; the runs stay', async () => {
    const drive = await registered('VV-7009', 7009);
    const [first, second] = runFilesOn(drive.root);
    // The right digest, but not a record: before the answers were parsed, this counted as stored.
    const front = await startFailingFront(server.url, 201, {
      sha256: sha256Of(path.join(drive.root, 'DATA', first)),
      duplicate: false,
    });
    const logged: string[] = [];
    try {
      const agent = await agentOn([drive.root], {
        url: front.url,
        log: { info: () => undefined, error: (text) => logged.push(text) },
      });
      const result = await agent.upload(agent.list()[0].id, hospital);
      expect(result.uploaded).toEqual([]);
      expect(texts(agent)).toEqual([
        `The server did not confirm the content of DATA/${first}; it stays on the vial.`,
        `The server did not confirm the content of DATA/${second}; it stays on the vial.`,
        'Upload Error: Some records still remain on VV-7009',
      ]);
      expect(logged).toContain(
        `The server's answer to the upload of ${first} was not understood (id: Invalid input: expected number, received undefined).`,
      );
      expect(runFilesOn(drive.root)).toHaveLength(2);
    } finally {
      await front.stop();
    }
  });

  it('a file the server refuses as malformed shows the server’s reason; the others still go up', async () => {
    const drive = await registered('VV-7008', 7008);
    writeFileSync(
      path.join(drive.root, 'DATA', 'RUN00000.DAT'),
      readFileSync(path.join(FIXTURES_DIR, 'bad', 'bad-magic.dat')),
    );
    const agent = await agentOn([drive.root]);
    const result = await agent.upload(agent.list()[0].id, hospital);
    expect(result).toMatchObject({
      uploaded: ['DATA/RUN00001.DAT', 'DATA/RUN00002.DAT'],
      remaining: ['DATA/RUN00000.DAT'],
    });
    expect(runFilesOn(drive.root)).toEqual(['RUN00000.DAT']);
    expect(texts(agent)).toEqual([
      'Run file does not start with the VVD1 signature',
      'Upload Error: Some records still remain on VV-7008',
    ]);
    expect(agent.list()[0].lastSyncSeconds).toBe(0);
  });

  it('tells that the server cannot be reached once the retries are spent', async () => {
    const drive = await registered('VV-7004', 7004);
    const closed = await closedPortUrl();
    const tokens = memoryTokenStore();
    await ServerClient.login(server.url, 'member@example.org', DEMO_PASSWORD, tokens);
    const agent = new VialAgent({
      source: new DirectoryDriveSource([drive.root], 50),
      client: new ServerClient(() => closed, tokens),
      retry: FAST_RETRY,
    });
    track(agent);
    await agent.start();
    const result = await agent.upload(agent.list()[0].id, hospital);
    expect(result.remaining).toHaveLength(2);
    expect(agent.list()[0].registered).toBeNull();
    expect(texts(agent)).toEqual([
      VIAL_MESSAGES.connection,
      'Upload Error: Some records still remain on VV-7004',
    ]);
    expect(runFilesOn(drive.root)).toHaveLength(2);
  });
});

describe('large files', () => {
  it('asks before uploading nothing of a file over the limit, and removes it on request', async () => {
    const drive = await registered('VV-7005', 7005);
    const large = addLargeRun(drive.root, drive.uuid);
    const agent = await agentOn([drive.root], { largeFileBytes: 1024 * 1024 });
    const [vial] = agent.list();
    const question = {
      id: `large:${large}`,
      kind: 'large_file',
      text: 'You have a large file on VV-7005 that cannot be uploaded. Would you like to remove it from the device?',
      file: large,
      actions: ['remove-file', 'dismiss'],
    };
    expect(vial.messages).toEqual([question]);

    const result = await agent.upload(vial.id, hospital);
    expect(result.uploaded).toHaveLength(2);
    expect(runFilesOn(drive.root)).toEqual(['RUN00099.DAT']);
    const stored = await server.ctx.db.query(
      'SELECT count(*) FROM records r JOIN vials v ON v.id = r.vial_id WHERE v.label = $1',
      ['VV-7005'],
    );
    expect(Number(stored[0].count)).toBe(2);
    expect(agent.list()[0].messages).toEqual([question]);
    expect(agent.list()[0].lastSyncSeconds).toBe(0);

    await agent.removeFile(vial.id, large);
    expect(runFilesOn(drive.root)).toEqual([]);
    expect(agent.list()[0]).toMatchObject({ messages: [], status: 'complete' });
    expect(agent.list()[0].lastSyncSeconds).toBeGreaterThan(0);
  });

  it('asks the same when the server refuses a file as too large (413)', async () => {
    const drive = await registered('VV-7006', 7006);
    // 1.5 MB: over the server's limit, but not so far over that it stops reading (it then cuts).
    const large = addLargeRun(drive.root, drive.uuid, 125);
    const agent = await agentOn([drive.root]);
    expect(agent.list()[0].messages).toEqual([]);
    await agent.upload(agent.list()[0].id, hospital);
    expect(runFilesOn(drive.root)).toEqual(['RUN00099.DAT']);
    expect(agent.list()[0].messages.map((m) => [m.kind, m.file, m.actions])).toEqual([
      ['large_file', large, ['remove-file', 'dismiss']],
      ['records_remain', undefined, ['dismiss']],
    ]);
  });

  it('dismissing a question hides it', async () => {
    const drive = await registered('VV-7007', 7007);
    addLargeRun(drive.root, drive.uuid);
    const agent = await agentOn([drive.root], { largeFileBytes: 1024 * 1024 });
    const [vial] = agent.list();
    agent.dismiss(vial.id, vial.messages[0].id);
    expect(agent.list()[0].messages).toEqual([]);
    expect(runFilesOn(drive.root)).toContain('RUN00099.DAT');
  });
});

async function closedPortUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
