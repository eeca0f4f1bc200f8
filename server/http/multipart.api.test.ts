import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expected, readFixture, BAD_RUN_FILES } from '../../shared/vial/testing/fixtures';
import { MAX_UPLOAD_BYTES } from '../../shared/domain/limits';
import { simulateRun } from '../../shared/vial/simulate';
import { registerFixtureVials } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { ApiClient } from '../../testing/http';

/**
 * Refused and interrupted uploads leave nothing behind: no staging file, no published blob, no
 * record, no open file handle; malformed multipart bodies answer 4xx with `detail`. The server
 * runs with the real upload limit (256 MiB).
 */
let server: TestServer;
let member: ApiClient;
let hospital: number;
let uuid: string;
let uploadPath: string;

beforeAll(async () => {
  server = await startTestServer({ worker: false });
  const staff = await server.login('staff@example.org');
  member = await server.login('member@example.org');
  ({ hospital } = await server.demoInstitutes());
  uuid = (await registerFixtureVials(staff, hospital)).get('VV-1007')!;
  uploadPath = `/v2/institutes/${hospital}/record-upload`;
});
afterAll(() => server.stop());

const blobsDir = () => path.join(server.dataDir, 'blobs');
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
        )
    : [];
/** Files this process holds open under DATA_DIR/blobs (the server runs in this process). */
const openBlobFiles = () =>
  fs
    .readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(blobsDir()));
const recordCount = async () =>
  Number((await server.ctx.db.query('SELECT count(*) FROM records'))[0].count);

/** Everything an upload could leave behind. */
const residue = async () => ({
  files: filesUnder(blobsDir()),
  open: openBlobFiles(),
  records: await recordCount(),
});

const BOUNDARY = 'vialqc-test-boundary';
const part = (headers: string, body: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`),
    Buffer.from(body),
    Buffer.from('\r\n'),
  ]);
const uuidPart = () => part('Content-Disposition: form-data; name="vial_uuid"', uuid);
const filePart = (bytes: Buffer) =>
  part(
    'Content-Disposition: form-data; name="file"; filename="RUN.DAT"\r\nContent-Type: application/octet-stream',
    bytes,
  );
const end = Buffer.from(`--${BOUNDARY}--\r\n`);
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

/** A raw POST: the body exactly as given (a buffer, or a stream of chunks). */
function post(
  contentType: string,
  body: Buffer | Readable,
  length?: number,
): Promise<{ status: number; body: any }> {
  const url = new URL(server.url + uploadPath);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${member.token}`,
          'Content-Type': contentType,
          ...(length !== undefined && { 'Content-Length': String(length) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
    if (Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}

const good = () => readFixture(expected.records['pts-typical'].file);

const refusedCases: [string, () => Promise<{ status: number; body: any }>, number][] = [
  ...Object.keys(BAD_RUN_FILES).map(
    (file): [string, () => Promise<{ status: number; body: any }>, number] => [
      `a bad run file (${file})`,
      () =>
        post(multipartType, Buffer.concat([uuidPart(), filePart(readFixture(`bad/${file}`)), end])),
      422,
    ],
  ),
  [
    'a multipart body cut off in the middle of the file',
    () => post(multipartType, Buffer.concat([uuidPart(), filePart(good())]).subarray(0, 50_000)),
    400,
  ],
  [
    'a multipart type without a boundary',
    () => post('multipart/form-data', Buffer.concat([uuidPart(), filePart(good()), end])),
    400,
  ],
  [
    'a body whose boundary is not the declared one',
    () =>
      post(
        'multipart/form-data; boundary=another-boundary',
        Buffer.concat([uuidPart(), filePart(good()), end]),
      ),
    400,
  ],
  [
    'a part with a malformed header',
    () =>
      post(
        multipartType,
        Buffer.concat([
          uuidPart(),
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition form-data name file\r\n\0\0\0\r\n\r\n`),
          good(),
          Buffer.from('\r\n'),
          end,
        ]),
      ),
    400,
  ],
  [
    'garbage declared as multipart',
    () =>
      post(multipartType, Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256))),
    400,
  ],
];

describe('a refused upload leaves nothing behind', () => {
  it.each(refusedCases)('%s answers 4xx with detail', async (_name, send, status) => {
    const before = await residue();
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.detail).toBeTruthy();
    expect(await residue()).toEqual(before);
  });

  it(`answers 413 to a 300 MiB upload, reading it to its end, with nothing kept or open`, async () => {
    const before = await residue();
    const head = Buffer.concat([uuidPart(), filePart(Buffer.alloc(0)).subarray(0, -2)]);
    const total = 300 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent === 0) this.push(head);
        if (sent >= total) {
          this.push(Buffer.from('\r\n'));
          this.push(end);
          this.push(null);
          return;
        }
        sent += chunk.length;
        this.push(chunk);
      },
    });
    const res = await post(multipartType, body, head.length + total + 2 + end.length);
    expect(sent).toBe(total);
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe(
      `The file is larger than the ${MAX_UPLOAD_BYTES >> 20} MiB upload limit.`,
    );
    expect(await residue()).toEqual(before);
  });

  it('a client that goes away mid-upload leaves no staging file and no open handle', async () => {
    const before = await residue();
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = Buffer.concat([uuidPart(), filePart(good()), end]);
    socket.write(
      `POST ${uploadPath} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${member.token}\r\n` +
        `Content-Type: ${multipartType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, body.length >> 1));
    // Wait until the server is writing the file into staging, then hang up.
    await waitFor(() => filesUnder(path.join(blobsDir(), 'staging')).length === 1);
    socket.destroy();
    await waitFor(async () => {
      const now = await residue();
      return now.files.length === before.files.length && now.open.length === 0;
    });
    expect(await residue()).toEqual(before);
  });
});

describe('a blob is published only with its record', () => {
  // Fresh content each time (a seed of its own), so no earlier blob answers for it.
  const upload = (seed: number) =>
    post(
      multipartType,
      Buffer.concat([
        uuidPart(),
        filePart(Buffer.from(simulateRun({ seed, vialUuid: uuid, transitSeconds: 20 }))),
        end,
      ]),
    );

  it('publishes nothing when the record cannot be inserted', async () => {
    await server.ctx.db.query(`
      CREATE FUNCTION refuse_record() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
      CREATE TRIGGER refuse_insert BEFORE INSERT ON records
        FOR EACH ROW EXECUTE FUNCTION refuse_record();`);
    try {
      const before = await residue();
      expect((await upload(1)).status).toBe(500);
      expect(await residue()).toEqual(before);
    } finally {
      await server.ctx.db.query('DROP TRIGGER refuse_insert ON records');
    }
  });

  it('removes the blob again when the transaction fails after publishing it', async () => {
    // A deferred constraint trigger fails at COMMIT, after the blob was published.
    await server.ctx.db.query(`
      CREATE CONSTRAINT TRIGGER refuse_commit AFTER INSERT ON records
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_record();`);
    try {
      const before = await residue();
      expect((await upload(2)).status).toBe(500);
      expect(await residue()).toEqual(before);
    } finally {
      await server.ctx.db.query('DROP TRIGGER refuse_commit ON records');
    }
  });

  it('stores blob and record together when all goes well', async () => {
    const before = await residue();
    const res = await upload(3);
    expect(res.status).toBe(201);
    const after = await residue();
    expect(after.records).toBe(before.records + 1);
    expect(after.files).toHaveLength(before.files.length + 1);
    expect(after.files.at(-1)).toContain(res.body.sha256);
    expect(after.open).toEqual([]);
  });
});

/** Polls a condition of the server's state (files, rows) until it holds. */
async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('The condition did not hold in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
