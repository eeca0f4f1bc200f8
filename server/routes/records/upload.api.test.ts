import {
  expected,
  readFixture,
  relativeError,
  BAD_RUN_FILES,
  FLAG_METRICS,
  FLOAT_METRICS,
} from '../../../shared/vial/testing/fixtures';
import type { FileBlobStore } from '../../storage/blob-store';
import {
  registerFixtureVials,
  runForm,
  uploadFixture,
  waitProcessed,
} from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let staff: ApiClient, member: ApiClient, guest: ApiClient;
let hospital: number, courier: number;
let vials: Map<string, string>;

beforeAll(async () => {
  server = await startTestServer({ maxUploadBytes: 2 * 1024 * 1024 });
  [staff, member, guest] = await Promise.all(
    ['staff', 'member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  vials = await registerFixtureVials(staff, hospital);
});
afterAll(() => server.stop());

const blobCount = () => (server.ctx.blobs as FileBlobStore).count();
const recordCount = async () =>
  Number((await server.ctx.db.query('SELECT count(*) FROM records'))[0].count);

describe('uploading fixture runs', () => {
  it('turns every run into a processed record whose metrics match expected.json', async () => {
    for (const [name, want] of Object.entries(expected.records)) {
      const res = await uploadFixture(member, hospital, want.file, want.vial_uuid);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        duplicate: false,
        is_processed: false,
        vial: want.vial_serial,
      });
      expect(res.body.sha256).toMatch(/^[0-9a-f]{64}$/);
      const record = await waitProcessed(member, res.body.id);
      expect(record.processing_error).toBeNull();
      expect(record.date).toBe(new Date(want.start_ms).toISOString());
      for (const key of FLOAT_METRICS) {
        const err = relativeError(record.metrics[key], want[key] as number);
        if (err > 1e-6) throw new Error(`${name}.${key}: ${record.metrics[key]} vs ${want[key]}`);
      }
      for (const flag of FLAG_METRICS)
        expect([name, flag, record.metrics[flag]]).toEqual([name, flag, want[flag]]);
      expect(record.metrics.rejection).toBeGreaterThan(0);
      expect(record.temperature_type).toBe(
        want.mean_kinetic_temperature! < -5
          ? 'frozen'
          : want.mean_kinetic_temperature! < 12
            ? 'refrigerated'
            : 'ambient',
      );
    }
  });

  it('answers 200 with the existing record for the same content again', async () => {
    const want = expected.records['pts-typical'];
    const before = await recordCount();
    const res = await uploadFixture(member, hospital, want.file, want.vial_uuid);
    expect(res.status).toBe(200);
    expect(res.body.duplicate).toBe(true);
    expect(await recordCount()).toBe(before);
  });
});

describe('refused uploads leave nothing behind', () => {
  const uuid = () => vials.get('VV-1007')!;

  it.each(Object.entries(BAD_RUN_FILES))(
    '%s answers 422 naming the problem',
    async (file, code) => {
      const [records, blobs] = [await recordCount(), blobCount()];
      const res = await member.multipart(
        `/v2/institutes/${hospital}/record-upload`,
        runForm(readFixture(`bad/${file}`), uuid()),
      );
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'file'], type: code });
      expect(res.body.detail[0].msg.length).toBeGreaterThan(10);
      expect(await recordCount()).toBe(records);
      expect(blobCount()).toEqual({ blobs: blobs.blobs, staging: 0 });
    },
  );

  it('answers 413 for a file over the size limit', async () => {
    const res = await member.multipart(
      `/v2/institutes/${hospital}/record-upload`,
      runForm(new Uint8Array(2.5 * 1024 * 1024), uuid()),
    );
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/upload limit/);
    expect(blobCount().staging).toBe(0);
  });

  it('answers 404, 410 and 403 for unknown, retired and foreign vials', async () => {
    const bytes = readFixture(expected.records['pts-smooth'].file);
    const unknown = await member.multipart(
      `/v2/institutes/${hospital}/record-upload`,
      runForm(bytes, '00000000-0000-4000-8000-000000000000'),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Vial is not registered' });

    await staff.post('/v2/vials', {
      label: 'VV-9001',
      uuid: '11111111-1111-4111-8111-111111111111',
      version: 'VV2',
      institute: courier,
    });
    const foreign = await member.multipart(
      `/v2/institutes/${hospital}/record-upload`,
      runForm(bytes, '11111111-1111-4111-8111-111111111111'),
    );
    expect(foreign.status).toBe(403);

    await staff.post('/v2/vials', {
      label: 'VV-9002',
      uuid: '22222222-2222-4222-8222-222222222222',
      version: 'VV2',
      institute: hospital,
    });
    await staff.delete('/v2/vials/VV-9002');
    const retired = await member.multipart(
      `/v2/institutes/${hospital}/record-upload`,
      runForm(bytes, '22222222-2222-4222-8222-222222222222'),
    );
    expect(retired.status).toBe(410);
    expect(retired.body.detail).toBe(
      'VV-9002 is no longer supported and should be returned to the provider.',
    );
    expect(blobCount().staging).toBe(0);
  });

  it('refuses guests (403), other institutes (404) and a missing vial_uuid (422)', async () => {
    const bytes = readFixture(expected.records['pts-smooth'].file);
    expect(
      (await guest.multipart(`/v2/institutes/${hospital}/record-upload`, runForm(bytes, uuid())))
        .status,
    ).toBe(403);
    expect(
      (await member.multipart(`/v2/institutes/${courier}/record-upload`, runForm(bytes, uuid())))
        .status,
    ).toBe(404);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'x.dat');
    const missing = await member.multipart(`/v2/institutes/${hospital}/record-upload`, form);
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].loc).toEqual(['body', 'vial_uuid']);
  });
});
