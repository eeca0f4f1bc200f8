import fs from 'node:fs';
import path from 'node:path';
import { expected } from '../../../shared/vial/testing/fixtures';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { MISSING_RUN_FILE } from '../../domain/records/service';
import { RecordSeries } from '../../entities/record-series';
import { processRecord } from '../../pipeline/process-record';

let server: TestServer;
let member: ApiClient;
let hospital: number;

beforeAll(async () => {
  server = await startTestServer();
  const staff = await server.login('staff@example.org');
  member = await server.login('member@example.org');
  ({ hospital } = await server.demoInstitutes());
  await registerFixtureVials(staff, hospital);
});
afterAll(() => server.stop());

const blobPath = (sha256: string) =>
  path.join(server.dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256);

it('answers 410 with the reason for the charts of a record whose run file is gone, until it is uploaded again', async () => {
  const want = expected.records['pts-smooth'];
  const uploaded = await uploadFixture(member, hospital, want.file, want.vial_uuid);
  const { id, sha256 } = uploaded.body;
  await waitProcessed(member, id);
  expect((await member.get(`/v2/records/${id}/data?type=acceleration`)).status).toBe(200);

  // The blob store lost the file (a restore from an older backup, a deleted volume …), and no
  // series are stored for the record (one processed before they were).
  fs.rmSync(blobPath(sha256));
  server.ctx.runs.clear();
  await server.ctx.db.getRepository(RecordSeries).delete({ recordId: id });
  for (const url of [
    `/v2/records/${id}/data?type=acceleration`,
    `/v2/records/${id}/data?type=temperature`,
    `/v2/records/${id}/cumulative?metric=auc`,
  ]) {
    const res = await member.get(url);
    expect([url, res.status, res.body]).toEqual([url, 410, { detail: MISSING_RUN_FILE }]);
  }
  // The record itself still answers.
  expect((await member.get(`/v2/records/${id}`)).status).toBe(200);

  // Uploading the same run again answers the record as a duplicate and restores its file.
  const again = await uploadFixture(member, hospital, want.file, want.vial_uuid);
  expect([again.status, again.body.id]).toEqual([200, id]);
  expect((await member.get(`/v2/records/${id}/cumulative?metric=auc`)).status).toBe(200);
});

it('still draws the stored series of a record whose run file is gone', async () => {
  const want = expected.records['pts-typical'];
  const { id, sha256 } = (await uploadFixture(member, hospital, want.file, want.vial_uuid)).body;
  await waitProcessed(member, id);
  const url = `/v2/records/${id}/data?type=acceleration`;
  const before = await member.get(url);
  fs.rmSync(blobPath(sha256));
  server.ctx.runs.clear();
  expect(await member.get(url)).toMatchObject({ status: 200, body: before.body });
  // Other max_points need the run.
  const other = await member.get(`${url}&max_points=100`);
  expect([other.status, other.body]).toEqual([410, { detail: MISSING_RUN_FILE }]);
  expect(other.headers.get('cache-control')).toBe('no-store'); // an API answer is never kept
});

it('marks a record whose run file is gone before processing with the reason, at once', async () => {
  const want = expected.records['frozen'];
  const { id, sha256 } = (await uploadFixture(member, hospital, want.file, want.vial_uuid)).body;
  await waitProcessed(member, id);
  fs.rmSync(blobPath(sha256));
  server.ctx.runs.clear();
  await server.ctx.db.query('UPDATE records SET is_processed = false WHERE id = $1', [id]);
  await processRecord(server.ctx, id);
  expect((await member.get(`/v2/records/${id}`)).body.processing_error).toBe(
    'Processing failed: the run file is missing from storage',
  );
});
