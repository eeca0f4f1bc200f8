// A real S3 protocol server (s3rver) in a process of its own, for tests: `tsx testing/s3rver-main.ts
// <directory> <bucket>` prints `{"port": n}` on its first line once it listens and runs until
// SIGTERM. A process of its own because s3rver's web framework sets up prototypes at load time,
// which the tests' frozen prototypes forbid, and so that it outlives the processes it serves.
import type { Server } from 'node:http';
import S3rver from 's3rver';

async function main() {
  const [directory, bucket] = process.argv.slice(2);
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await s3rver.run();
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  process.on('SIGTERM', () => {
    (s3rver as unknown as { httpServer: Server }).httpServer.closeAllConnections();
    void s3rver.close().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
