import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SYNC_TIME_OFFSET, parseTag } from '../../shared/vial/tag';
import { expected } from '../../shared/vial/testing/fixtures';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { ApiClient } from '../../testing/http';
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { DirectoryDriveSource } from './drive-source';
import { memoryTokenStore, ServerClient } from './server-client';
import { copyFixtureDrive, runFilesOn, runHashes } from './testing/drives';
import { agentsPerTest, FAST_RETRY, waitFor } from './testing/agent';
import { VialAgent } from './vial-agent';
import type { UploadProgress } from '../../shared/ipc/vial-drive';

let server: TestServer;
let staff: ApiClient, member: ApiClient;
let hospital: number;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member] = await Promise.all([
    server.login('staff@example.org'),
    server.login('member@example.org'),
  ]);
  ({ hospital } = await server.demoInstitutes());
  await registerFixtureVials(staff, hospital);
});
const { agentOn, track } = agentsPerTest(() => server);
afterAll(() => server.stop());

const storedHashes = async (): Promise<Map<string, number>> =>
  new Map(
    (
      (await server.ctx.db.query('SELECT id, sha256 FROM records')) as {
        id: number;
        sha256: string;
      }[]
    ).map((r) => [r.sha256, Number(r.id)]),
  );

const clearRecords = () => server.ctx.db.query('DELETE FROM records');

describe('uploading connected vials', () => {
  beforeEach(clearRecords);

  it('uploads every run of both fixture drives, removes each run once stored, and records the sync', async () => {
    const drives = [copyFixtureDrive('drive-1'), copyFixtureDrive('drive-2')];
    const hashes = drives.map(runHashes);
    const tagsBefore = drives.map((d) => readFileSync(path.join(d, 'VIALTAG.BIN')));
    const agent = await agentOn(drives, { now: () => 1_764_000_000 });
    await waitFor(() => agent.list().every((v) => v.registered === true));

    const vials = agent.list();
    expect(vials.map((v) => [v.label, v.status, v.datFiles.length, v.endOfLife])).toEqual([
      ['VV-1007', 'ready', 6, false],
      ['VV-1008', 'ready', 6, false],
    ]);
    expect(vials[0].datFiles[0]).toEqual({ path: 'DATA/RUN00001.DAT', size: expect.any(Number) });
    expect(vials[0].totalSize).toBe(vials[0].datFiles.reduce((s, f) => s + f.size, 0));

    const progress: UploadProgress[] = [];
    agent.on('progress', (p) => progress.push(p));
    const results = await Promise.all(vials.map((v) => agent.upload(v.id, hospital)));
    expect(results.map((r) => [r.vial, r.uploaded.length, r.remaining])).toEqual([
      ['VV-1007', 6, []],
      ['VV-1008', 6, []],
    ]);

    // Every run is a processed record on the server, and gone from its vial.
    const stored = await storedHashes();
    for (const [i, drive] of drives.entries()) {
      expect(runFilesOn(drive)).toEqual([]);
      for (const sha of hashes[i].values()) {
        const record = await waitProcessed(member, stored.get(sha)!);
        expect(record.processing_error).toBeNull();
      }
    }
    expect(stored.size).toBe(Object.keys(expected.records).length);

    // The tag carries the sync time in bytes 84-87; its other 84 bytes are untouched.
    for (const [i, drive] of drives.entries()) {
      const tag = readFileSync(path.join(drive, 'VIALTAG.BIN'));
      expect(tag.length).toBe(88);
      expect(tag.subarray(0, SYNC_TIME_OFFSET)).toEqual(
        tagsBefore[i].subarray(0, SYNC_TIME_OFFSET),
      );
      expect(tag.readUInt32LE(SYNC_TIME_OFFSET)).toBe(1_764_000_000);
    }
    expect(agent.list().map((v) => [v.status, v.lastSyncSeconds, v.messages])).toEqual([
      ['complete', 1_764_000_000, []],
      ['complete', 1_764_000_000, []],
    ]);

    // Byte progress climbs to the total of each vial.
    const first = progress.filter((p) => p.vial === vials[0].id);
    expect(first.at(-1)).toMatchObject({
      uploadedBytes: vials[0].totalSize,
      totalBytes: vials[0].totalSize,
    });
    for (let i = 1; i < first.length; i++) {
      expect(first[i].uploadedBytes).toBeGreaterThanOrEqual(first[i - 1].uploadedBytes);
    }
  });

  it('keeps a run the server already holds, offers to remove it, and syncs once it is removed', async () => {
    const drive = copyFixtureDrive('drive-1');
    const want = Object.values(expected.records).find((r) => r.vial_serial === 'VV-1007')!;
    const name = path.basename(want.file);
    expect(runFilesOn(drive)).toContain(name);
    expect((await uploadFixture(member, hospital, want.file, want.vial_uuid)).status).toBe(201);

    const agent = await agentOn([drive]);
    const [vial] = agent.list();
    const result = await agent.upload(vial.id, hospital);
    expect(result).toMatchObject({
      uploaded: expect.any(Array),
      duplicates: [`DATA/${name}`],
      remaining: [],
    });
    expect(runFilesOn(drive)).toEqual([name]);

    const after = agent.list()[0];
    expect(after.status).toBe('complete');
    expect(after.messages).toEqual([
      {
        id: `duplicate:DATA/${name}`,
        kind: 'duplicate',
        text: `DATA/${name} is already backed up. Would you like to remove it from the device?`,
        file: `DATA/${name}`,
        actions: ['remove-file', 'dismiss'],
      },
    ]);
    // A run left on the vial means no sync yet.
    expect(after.lastSyncSeconds).toBe(0);

    await agent.removeFile(vial.id, `DATA/${name}`);
    expect(runFilesOn(drive)).toEqual([]);
    expect(agent.list()[0]).toMatchObject({ messages: [], status: 'complete' });
    expect(agent.list()[0].lastSyncSeconds).toBeGreaterThan(0);
  });

  it('removes runs already backed up when asked to (the CLI’s --remove-duplicates)', async () => {
    const drive = copyFixtureDrive('drive-2');
    const want = Object.values(expected.records).find((r) => r.vial_serial === 'VV-1008')!;
    await uploadFixture(member, hospital, want.file, want.vial_uuid);
    const agent = await agentOn([drive], { removeDuplicates: true });
    const result = await agent.upload(agent.list()[0].id, hospital);
    expect(result.uploaded).toHaveLength(6);
    expect(runFilesOn(drive)).toEqual([]);
  });

  it('never removes a run the server has not confirmed', async () => {
    const drive = copyFixtureDrive('drive-1');
    const agent = await agentOn([drive]);
    const [vial] = agent.list();
    await expect(agent.removeFile(vial.id, 'DATA/RUN00001.DAT')).rejects.toThrow(
      'stays on the vial',
    );
    await expect(agent.removeFile(vial.id, '../../etc/passwd')).rejects.toThrow('not a run file');
    expect(runFilesOn(drive)).toHaveLength(6);
  });

  it('notices runs written while the vial is connected', async () => {
    const drive = copyFixtureDrive('drive-1');
    const agent = await agentOn([drive]);
    await agent.upload(agent.list()[0].id, hospital);
    expect(agent.list()[0].status).toBe('complete');
    const extra = readFileSync(path.join(copyFixtureDrive('drive-1'), 'DATA', 'RUN00001.DAT'));
    writeFileSync(path.join(drive, 'run99.dat'), extra);
    await waitFor(() => agent.list()[0].datFiles.length === 1);
    expect(agent.list()[0]).toMatchObject({ status: 'ready', datFiles: [{ path: 'run99.dat' }] });
  });

  it('refreshes an expired access token and carries on', async () => {
    const signedIn = memoryTokenStore();
    await ServerClient.login(server.url, 'member@example.org', DEMO_PASSWORD, signedIn);
    const { refresh } = signedIn.load()!;
    const tokens = memoryTokenStore({ access: 'expired.access.token', refresh });
    const drive = copyFixtureDrive('drive-1');
    const agent = new VialAgent({
      source: new DirectoryDriveSource([drive], 50),
      client: new ServerClient(() => server.url, tokens),
      retry: FAST_RETRY,
    });
    track(agent);
    await agent.start();
    const result = await agent.upload(agent.list()[0].id, hospital);
    expect(result.uploaded).toHaveLength(6);
    expect(tokens.load()!.access).not.toBe('expired.access.token');
    expect(tokens.load()!.refresh).not.toBe(refresh);
    expect(existsSync(path.join(drive, 'DATA', 'RUN00001.DAT'))).toBe(false);
  });
});

describe('reading vial drives', () => {
  it('recognises VIALTAG.BIN and .dat files whatever their case, in DATA/ and in the root', async () => {
    const drive = copyFixtureDrive('drive-1');
    renameSync(path.join(drive, 'VIALTAG.BIN'), path.join(drive, 'vialtag.bin'));
    renameSync(path.join(drive, 'DATA'), path.join(drive, 'data'));
    renameSync(path.join(drive, 'data', 'RUN00001.DAT'), path.join(drive, 'run00001.dat'));
    writeFileSync(path.join(drive, 'notes.txt'), 'not a run');
    const agent = await agentOn([drive, path.join(drive, '..', 'not-a-vial')]);
    const [vial] = agent.list();
    expect(agent.list()).toHaveLength(1);
    expect(vial.label).toBe('VV-1007');
    expect(vial.uuid).toBe(parseTag(readFileSync(path.join(drive, 'vialtag.bin'))).uuid);
    expect(vial.datFiles.map((f) => f.path)).toEqual([
      'data/RUN00003.DAT',
      'data/RUN00005.DAT',
      'data/RUN00007.DAT',
      'data/RUN00009.DAT',
      'data/RUN00011.DAT',
      'run00001.dat',
    ]);
  });
});
