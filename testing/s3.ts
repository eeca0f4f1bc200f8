import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { s3Client } from '../server/storage/s3-blob-store';

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** A client with s3rver's credentials. */
  client: S3Client;
  /** Environment for a process that stores its blobs in this bucket. */
  env: Record<string, string>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..');
// The pinned SDK's reminder that later releases need Node 22 (verified-here.md): known, not news.
const QUIET_SDK = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
Object.assign(process.env, QUIET_SDK);

/**
 * A real S3 protocol server (s3rver, in a process of its own: testing/s3rver-main.ts) on
 * loopback, over a temporary folder, with one bucket.
 */
export async function startTestS3(bucket = 'vialqc-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-test-s3-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'testing/s3rver-main.ts', directory, bucket],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  const { port } = JSON.parse(first) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = s3Client({ endpoint, region: 'us-east-1' }, { credentials: CREDENTIALS });
  return {
    endpoint,
    bucket,
    client,
    env: {
      BLOB_STORE_URL: `s3://${bucket}`,
      S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      AWS_REGION: 'us-east-1',
      ...QUIET_SDK,
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    async stop() {
      client.destroy();
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
