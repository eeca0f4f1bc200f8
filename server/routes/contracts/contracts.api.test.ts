import path from 'node:path';
import { CONTRACT_STATUSES } from '../../../shared/api/contracts';
import { startServer } from '../../boot';
import { FileBlobStore } from '../../storage/blob-store';
import type { ApiClient } from '../../../testing/http';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let staff: ApiClient, owner: ApiClient, admin: ApiClient, member: ApiClient, guest: ApiClient;
let hospital: number, courier: number;

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const blobCount = () => (server.ctx.blobs as FileBlobStore).count();

function filesForm(files: { name: string; bytes: Buffer }[]) {
  const form = new FormData();
  files.forEach((f, n) => form.append(`files-${n}`, new Blob([new Uint8Array(f.bytes)]), f.name));
  return form;
}

const contract = (overrides: Record<string, unknown> = {}) => ({
  title: 'Annual monitoring',
  institute: hospital,
  start_date: '2025-03-01',
  end_date: '2026-02-28',
  notes: '',
  ...overrides,
});

const messages = (body: { detail: { loc: string[]; msg: string }[] }) =>
  body.detail.map((d) => [d.loc.at(-1), d.msg]);

beforeAll(async () => {
  server = await startTestServer();
  [staff, owner, admin, member, guest] = await Promise.all(
    ['staff', 'owner', 'admin', 'member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
});
afterAll(() => server.stop());

describe('contract rules', () => {
  it('answers every validation message of the form', async () => {
    const empty = await staff.post('/v2/contracts', {});
    expect(empty.status).toBe(422);
    expect(messages(empty.body)).toEqual([
      ['title', 'Title is required'],
      ['institute', 'Organization is required'],
      ['start_date', 'Start Date is required'],
      ['end_date', 'End Date is required or Open Contract should be enabled'],
    ]);
    const blank = await staff.post('/v2/contracts', contract({ title: ' ', start_date: '' }));
    expect(messages(blank.body)).toEqual([
      ['title', 'Title is required'],
      ['start_date', 'Start Date is required'],
    ]);
    const backwards = await staff.post('/v2/contracts', contract({ end_date: '2025-02-28' }));
    expect(messages(backwards.body)).toEqual([
      ['end_date', 'End Date cannot be before Start Date'],
    ]);
    const future = await staff.post(
      '/v2/contracts',
      contract({ customer_since: '2999-01-01', notes: 'n'.repeat(10001) }),
    );
    expect(messages(future.body)).toEqual([
      ['notes', 'Notes cannot be longer than 10000 characters'],
      ['customer_since', 'Customer Since Date cannot be in the future'],
    ]);
    const noInstitute = await staff.post('/v2/contracts', contract({ institute: 99999 }));
    expect(messages(noInstitute.body)).toEqual([['institute', 'Organization is required']]);
    expect((await staff.post('/v2/contracts', contract({ notes: 'n'.repeat(10000) }))).status).toBe(
      201,
    );
  });

  it('starts as a draft; an open-ended contract has no end date; Customer Since defaults to the first contract', async () => {
    const first = await staff.post(
      '/v2/contracts',
      contract({
        institute: courier,
        title: 'Courier pilot',
        start_date: '2024-05-01',
        end_date: null,
      }),
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      title: 'Courier pilot',
      institute: courier,
      institute_name: 'Lakeside Courier Services',
      status: 'draft',
      end_date: null,
      notes: null,
      customer_since: '2024-05-01',
      files: [],
      download_urls: [],
    });
    const second = await staff.post(
      '/v2/contracts',
      contract({ institute: courier, title: 'Courier renewal', start_date: '2025-05-01' }),
    );
    expect(second.body.customer_since).toBe('2024-05-01');
    const given = await staff.post(
      '/v2/contracts',
      contract({ institute: courier, title: 'Courier extra', customer_since: '2020-01-01' }),
    );
    expect(given.body.customer_since).toBe('2020-01-01');

    const reopened = await staff.patch(`/v2/contracts/${second.body.id}`, { end_date: null });
    expect(reopened.body.end_date).toBeNull();
    const backwards = await staff.patch(`/v2/contracts/${second.body.id}`, {
      end_date: '2025-04-30',
    });
    expect(messages(backwards.body)).toEqual([
      ['end_date', 'End Date cannot be before Start Date'],
    ]);
    const ignoredInstitute = await staff.patch(`/v2/contracts/${second.body.id}`, {
      institute: hospital,
      title: 'Courier renewal 2',
    });
    expect(ignoredInstitute.body).toMatchObject({ institute: courier, title: 'Courier renewal 2' });
  });

  it('never derives a Customer Since in the future: a contract starting next year saves again', async () => {
    const clinic = (await staff.post('/v2/institutes', { name: 'Future Clinic' })).body.id;
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    const future = await staff.post(
      '/v2/contracts',
      contract({ institute: clinic, start_date: nextYear, end_date: null }),
    );
    expect(future.body.customer_since).toBeNull();
    // What the edit form sends back: every field, Customer Since empty.
    const saved = await staff.patch(`/v2/contracts/${future.body.id}`, {
      title: 'Starts next year',
      start_date: nextYear,
      end_date: null,
      status: 'paid',
      notes: null,
      customer_since: null,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Starts next year', customer_since: null });
    // Once a contract has begun, the earliest start that has come is Customer Since.
    const begun = await staff.post(
      '/v2/contracts',
      contract({ institute: clinic, start_date: '2025-09-01', end_date: null }),
    );
    expect(begun.body.customer_since).toBe('2025-09-01');
  });

  it('takes every status and no other', async () => {
    const { body } = await staff.post('/v2/contracts', contract({ title: 'Statuses' }));
    for (const status of CONTRACT_STATUSES) {
      const res = await staff.patch(`/v2/contracts/${body.id}`, { status });
      expect(res.body.status).toBe(status);
    }
    expect(CONTRACT_STATUSES).toEqual([
      'draft',
      'paid',
      'outstanding',
      'in_negotiation',
      'expired',
      'terminated',
      'archived',
    ]);
    expect((await staff.patch(`/v2/contracts/${body.id}`, { status: 'cancelled' })).status).toBe(
      422,
    );
  });

  it('shows the contract type the institute flags make', async () => {
    const { body } = await staff.post('/v2/contracts', contract({ title: 'Typed' }));
    const original = (await staff.get(`/v2/institutes/${hospital}`)).body.feature_flags;
    const typeWith = async (flags: Record<string, boolean>) => {
      await staff.patch(`/v2/institutes/${hospital}`, { feature_flags: flags });
      return (await staff.get(`/v2/contracts/${body.id}`)).body.contract_type;
    };
    expect(await typeWith({ troubleshooting: true, validation: true })).toBe('Troubleshooting');
    expect(await typeWith({ troubleshooting: false, validation: true })).toBe('Validation');
    expect(await typeWith({ troubleshooting: false, validation: false })).toBe('NA');
    await staff.patch(`/v2/institutes/${hospital}`, { feature_flags: original });
  });

  it('lists with paging, title search, institute filter and archived contracts left out on request', async () => {
    const archived = await staff.post('/v2/contracts', contract({ title: 'Old archived deal' }));
    await staff.patch(`/v2/contracts/${archived.body.id}`, { status: 'archived' });
    const all = await staff.get('/v2/contracts?size=100');
    expect(all.body.total).toBe(all.body.items.length);
    expect(all.body.items.some((c: { status: string }) => c.status === 'archived')).toBe(true);
    const active = await staff.get('/v2/contracts?size=100&exclude_archived=true');
    const archivedCount = all.body.items.filter(
      (c: { status: string }) => c.status === 'archived',
    ).length;
    expect(active.body.total).toBe(all.body.total - archivedCount);
    expect(active.body.items.some((c: { status: string }) => c.status === 'archived')).toBe(false);
    const found = await staff.get('/v2/contracts?title__icontains=ARCHIVED');
    expect(found.body.items.map((c: { title: string }) => c.title)).toEqual(['Old archived deal']);
    const courierOnly = await staff.get(`/v2/contracts?institute__id=${courier}`);
    expect(courierOnly.body.total).toBe(3);
    expect(
      courierOnly.body.items.every((c: { institute: number }) => c.institute === courier),
    ).toBe(true);
    const page = await staff.get(`/v2/contracts?institute__id=${courier}&size=2&page=1`);
    expect(page.body.items).toHaveLength(1);
  });
});

describe('contract files', () => {
  let id: number;
  let other: number;

  beforeAll(async () => {
    id = (await staff.post('/v2/contracts', contract({ title: 'With files' }))).body.id;
    other = (await staff.post('/v2/contracts', contract({ title: 'Another' }))).body.id;
  });

  it('takes several PDFs in one request and answers them for staff to download', async () => {
    const res = await staff.multipart(
      `/v2/contracts/${id}/upload`,
      filesForm([
        { name: 'signed.pdf', bytes: pdf('signed') },
        { name: 'annex.pdf', bytes: pdf('annex') },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.files.map((f: { filename: string }) => f.filename)).toEqual([
      'annex.pdf',
      'signed.pdf',
    ]);
    expect(res.body.download_urls).toEqual([
      { filename: 'annex.pdf', url: expect.stringMatching(`^/v2/contracts/${id}/files/\\d+$`) },
      { filename: 'signed.pdf', url: expect.stringMatching(`^/v2/contracts/${id}/files/\\d+$`) },
    ]);
    const signed = res.body.download_urls[1].url;
    const file = await fetch(server.url + signed, {
      headers: { Authorization: `Bearer ${staff.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('signed.pdf');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdf('signed'));

    const again = await staff.multipart(
      `/v2/contracts/${id}/upload`,
      filesForm([{ name: 'signed.pdf', bytes: pdf('signed v2') }]),
    );
    expect(again.body.files.map((f: { filename: string }) => f.filename)).toEqual([
      'annex.pdf',
      'signed (2).pdf',
      'signed.pdf',
    ]);
  });

  it('refuses anything that is not a PDF by its content, whatever its name, and keeps nothing', async () => {
    const before = blobCount();
    const renamed = await staff.multipart(
      `/v2/contracts/${id}/upload`,
      filesForm([
        { name: 'good.pdf', bytes: pdf('good') },
        { name: 'contract.pdf', bytes: Buffer.from('PK\u0003\u0004 a zip renamed to pdf') },
      ]),
    );
    expect(renamed.status).toBe(422);
    expect(renamed.body.detail).toEqual([
      { loc: ['body', 'files-1'], msg: 'Only PDF files can be attached.', type: 'value_error' },
    ]);
    const tiny = await staff.multipart(
      `/v2/contracts/${id}/upload`,
      filesForm([{ name: 'x.pdf', bytes: Buffer.from('%PD') }]),
    );
    expect(tiny.body.detail[0].msg).toBe('Only PDF files can be attached.');
    const none = await staff.multipart(`/v2/contracts/${id}/upload`, new FormData());
    expect(none.status).toBe(422);
    expect((await staff.post(`/v2/contracts/${id}/upload`, {})).status).toBe(422);
    // A PDF named otherwise is still a PDF.
    const named = await staff.multipart(
      `/v2/contracts/${id}/upload`,
      filesForm([{ name: 'scan.bin', bytes: pdf('scan') }]),
    );
    expect(named.status).toBe(200);
    expect(blobCount()).toEqual({ blobs: before.blobs + 1, staging: 0 });
    expect((await staff.get(`/v2/contracts/${id}`)).body.files).toHaveLength(4);
  });

  it('deletes files by name', async () => {
    const unknown = await staff.post(`/v2/contracts/${id}/files`, {
      filenames: ['annex.pdf', 'nope.pdf'],
    });
    expect(unknown.status).toBe(422);
    const res = await staff.post(`/v2/contracts/${id}/files`, {
      filenames: ['annex.pdf', 'scan.bin'],
    });
    expect(res.status).toBe(200);
    expect(res.body.files.map((f: { filename: string }) => f.filename)).toEqual([
      'signed (2).pdf',
      'signed.pdf',
    ]);
  });

  it('keeps download URLs to staff and to their own contract', async () => {
    const { body } = await staff.get(`/v2/contracts/${id}`);
    const url: string = body.download_urls[0].url;
    const fileId = url.split('/').pop();
    for (const user of [owner, admin, member, guest])
      expect((await user.get(url)).status).toBe(403);
    expect((await server.api.get(url)).status).toBe(401);
    expect((await staff.get(`/v2/contracts/${other}/files/${fileId}`)).status).toBe(404);
    expect((await staff.get(`/v2/contracts/${id}/files/999999`)).status).toBe(404);
  });

  it('keeps the files over a restart of the server', async () => {
    const again = await startServer(
      { ...server.ctx.config, port: 0, demo: 'off', worker: false },
      { info: () => undefined, error: () => undefined },
    );
    try {
      const { body } = await staff.get(`/v2/contracts/${id}`);
      const res = await fetch(again.url + body.download_urls[1].url, {
        headers: { Authorization: `Bearer ${staff.token}` },
      });
      expect(Buffer.from(await res.arrayBuffer())).toEqual(pdf('signed'));
    } finally {
      await again.stop();
    }
    expect(new FileBlobStore(path.join(server.dataDir, 'blobs')).count().blobs).toBe(
      blobCount().blobs,
    );
  });

  it('deletes a contract with its files', async () => {
    const before = blobCount();
    expect((await staff.delete(`/v2/contracts/${id}`)).status).toBe(204);
    expect((await staff.get(`/v2/contracts/${id}`)).status).toBe(404);
    expect(blobCount().blobs).toBe(before.blobs - 2);
  });
});

it('refuses everyone but staff, everywhere', async () => {
  const { body } = await staff.post('/v2/contracts', contract({ title: 'Staff only' }));
  for (const user of [owner, admin, member, guest]) {
    expect((await user.get('/v2/contracts')).status).toBe(403);
    expect((await user.post('/v2/contracts', contract())).status).toBe(403);
    expect((await user.get(`/v2/contracts/${body.id}`)).status).toBe(403);
    expect((await user.patch(`/v2/contracts/${body.id}`, { title: 'x' })).status).toBe(403);
    expect((await user.delete(`/v2/contracts/${body.id}`)).status).toBe(403);
    expect(
      (
        await user.multipart(
          `/v2/contracts/${body.id}/upload`,
          filesForm([{ name: 'a.pdf', bytes: pdf('a') }]),
        )
      ).status,
    ).toBe(403);
    expect(
      (await user.post(`/v2/contracts/${body.id}/files`, { filenames: ['a.pdf'] })).status,
    ).toBe(403);
  }
  expect((await staff.get(`/v2/contracts/${body.id}`)).body.files).toEqual([]);
});
