import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../boot';
import type { BlobStoreConfig } from '../config';
import { blobKey } from '../storage/blob-store';
import { ApiClient } from '../../testing/http';
import {
  exactAnswers,
  getRoutes,
  seedResources,
  withoutMakingTime,
} from '../../testing/openapi-walk';
import { seedFiles } from '../../testing/records';
import { startTestS3, type TestS3 } from '../../testing/s3';
import { siblingInstallation, startTestServer, type TestServer } from '../../testing/test-server';
import { backup } from './backup';
import { restore } from './restore';

/**
 * With the blobs in an S3 bucket: the backup copies them out of the bucket and the restore puts
 * them into another installation's bucket (here another prefix); every GET route answers the same.
 */
const quiet = { info: () => undefined, error: () => undefined };
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-s3-backup-'));
let s3: TestS3;
let server: TestServer | undefined;
let restored: RunningServer | undefined;
let sibling: Awaited<ReturnType<typeof siblingInstallation>> | undefined;

afterAll(async () => {
  await restored?.stop();
  await sibling?.remove();
  await server?.stop();
  await s3?.stop();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

const bucketAt = (prefix: string): BlobStoreConfig => ({
  kind: 's3',
  bucket: s3.bucket,
  prefix,
  endpoint: s3.endpoint,
  region: 'us-east-1',
});

it('backs up the blobs of a bucket and restores them into another', async () => {
  s3 = await startTestS3();
  Object.assign(process.env, s3.env);
  server = await startTestServer({ blobStore: bucketAt('source/') });
  const staff = await server.login('staff@example.org');
  const { hospital } = await server.demoInstitutes();
  const seeded = await seedResources(staff, server.ctx.db, hospital, 's3');
  const { ids } = await seedFiles(staff, seeded);
  const routes = await getRoutes(server.api, ids);
  const before = await exactAnswers(staff, routes);

  const manifest = await backup(server.ctx.config, quiet, { to: backupDir });
  expect(manifest.blobStore).toBe('s3');

  sibling = await siblingInstallation(server, { blobStore: bucketAt('restored/') });
  const { config } = sibling;
  await restore(config, quiet, { from: backupDir });
  const keys = await s3.keys();
  for (const { sha256 } of manifest.blobs) {
    expect(keys).toContain(`restored/${blobKey(sha256)}`);
  }
  restored = await startServer(config, quiet);
  const after = await exactAnswers(new ApiClient(restored.url, staff.token), routes);
  expect(withoutMakingTime(after)).toEqual(withoutMakingTime(before));
}, 180_000);
