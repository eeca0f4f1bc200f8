import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { instituteIds, insertProcessedRecords } from '../../../testing/lines';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import type { FileBlobStore } from '../../storage/blob-store';

let server: TestServer;
let staff: ApiClient;
let owner: ApiClient;
let admin: ApiClient;
let member: ApiClient;
let hospital: number;
let courier: number;
let completed: number;
let inProgress: number;

const PDF = Buffer.from('%PDF-1.4\n% a tiny stand-in\n%%EOF\n');

function reportForm(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

async function validationOf(
  instituteId: number,
  name: string,
  lineIds: number[],
  complete: boolean,
) {
  const { body } = await staff.post(`/v2/institutes/${instituteId}/validations`, {
    name,
    start_date: '2026-02-02',
    duration_days: 1,
    lines: lineIds,
  });
  if (complete) await staff.post(`/v2/validations/${body.id}/complete`);
  return body.id as number;
}

beforeAll(async () => {
  server = await startTestServer();
  [staff, owner, admin, member] = await Promise.all(
    ['staff', 'owner', 'admin', 'member'].map((who) => server.login(`${who}@example.org`)),
  );
  ({ hospital, courier } = await instituteIds(server.ctx.db));
  const line = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Report line' })).body
    .id;
  completed = await validationOf(hospital, 'Done', [line], true);
  inProgress = await validationOf(hospital, 'Running', [line], false);
});
afterAll(() => server.stop());

describe('uploaded reports', () => {
  it('are uploaded by staff for completed validations and downloaded by their institute only', async () => {
    const res = await staff.multipart(
      `/v2/reports/institutes/${hospital}/validations/${completed}`,
      reportForm({ title: 'Spring report' }, { name: 'spring.pdf', bytes: PDF }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Spring report',
      institute: hospital,
      validation: { id: completed, name: 'Done' },
      file: { filename: 'spring.pdf', content_type: 'application/pdf', size: PDF.length },
      download_url: `/v2/reports/${res.body.id}/download`,
    });
    const download = await member.request('GET', res.body.download_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('application/pdf');
    expect(download.body).toBe(PDF.toString());
    expect((await member.get(`/v2/validations/${completed}`)).body.report).toEqual({
      id: res.body.id,
      download_url: res.body.download_url,
    });

    const courierReport = await staff.multipart(
      `/v2/institutes/${courier}/reports`,
      reportForm({ title: 'Courier' }, { name: 'c.docx', bytes: Buffer.from('PK docx') }),
    );
    expect(courierReport.status).toBe(201);
    // The owner belongs to the hospital only: the courier's report does not exist for them.
    expect((await owner.get(courierReport.body.download_url)).status).toBe(404);
    expect((await owner.get(`/v2/reports/${courierReport.body.id}`)).status).toBe(404);
    expect((await admin.get(courierReport.body.download_url)).status).toBe(200);
  });

  it.each([
    [{}, { name: 'a.pdf', bytes: PDF }, 'title', 'Please enter a title for the report.'],
    [{ title: 'No file' }, undefined, 'file', 'A PDF or Word Document must be attached.'],
    [
      { title: 'Text' },
      { name: 'notes.txt', bytes: Buffer.from('hi') },
      'file',
      'A PDF or Word Document must be attached.',
    ],
  ])('refuses %j without a stored file', async (fields, file, field, msg) => {
    const res = await staff.multipart(
      `/v2/institutes/${hospital}/reports`,
      reportForm(fields, file),
    );
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', field], msg });
  });

  it('are linked to completed validations only, uploaded and deleted by staff, renamed by admins', async () => {
    const form = () => reportForm({ title: 'Early' }, { name: 'early.pdf', bytes: PDF });
    const early = await staff.multipart(
      `/v2/reports/institutes/${hospital}/validations/${inProgress}`,
      form(),
    );
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe('Reports can be linked only to completed validations.');
    expect((await admin.multipart(`/v2/institutes/${hospital}/reports`, form())).status).toBe(403);

    // Content no other report has, so its file is this report's alone.
    const own = reportForm(
      { title: 'Own' },
      { name: 'own.pdf', bytes: Buffer.concat([PDF, Buffer.from('%own\n')]) },
    );
    const blobsBefore = (server.ctx.blobs as FileBlobStore).count().blobs;
    const { body: created } = await staff.multipart(`/v2/institutes/${hospital}/reports`, own);
    expect((server.ctx.blobs as FileBlobStore).count().blobs).toBe(blobsBefore + 1);
    expect((await member.patch(`/v2/reports/${created.id}`, { title: 'Member' })).status).toBe(403);
    const renamed = await admin.patch(`/v2/reports/${created.id}`, { title: 'Renamed' });
    expect(renamed.body.title).toBe('Renamed');
    expect((await admin.patch(`/v2/reports/${created.id}`, { title: '' })).body.detail[0].msg).toBe(
      'Please enter a title for the report.',
    );
    const list = await member.get(`/v2/institutes/${hospital}/reports`);
    expect(list.body.items.map((r: any) => r.title)).toContain('Renamed');
    expect((await admin.delete(`/v2/reports/${created.id}`)).status).toBe(403);
    expect((await staff.delete(`/v2/reports/${created.id}`)).status).toBe(204);
    expect((await member.get(`/v2/reports/${created.id}`)).status).toBe(404);
    // Its file went with it.
    expect((server.ctx.blobs as FileBlobStore).count().blobs).toBe(blobsBefore);
  });
});

describe('generated validation report', () => {
  it('is refused before completion', async () => {
    const res = await member.post(`/v2/validations/${inProgress}/request-report`);
    expect(res.status).toBe(400);
  });

  it('has 10 lines per table page and a conclusion naming the lines that are not acceptable', async () => {
    const lineIds: number[] = [];
    for (let i = 1; i <= 23; i++) {
      const name = `Station ${String(i).padStart(2, '0')}`;
      lineIds.push((await member.post(`/v2/institutes/${hospital}/lines`, { name })).body.id);
    }
    const { body: v } = await member.post(`/v2/institutes/${hospital}/validations`, {
      name: 'Twenty three',
      start_date: '2026-03-02',
      duration_days: 1,
      lines: lineIds,
    });
    // Line 7 shakes hard (LDH above 15%); the others are gentle.
    for (const [i, lineId] of lineIds.entries()) {
      const base = i === 6 ? 1500 : 100 + 10 * i;
      await insertProcessedRecords(
        server.ctx.db,
        hospital,
        lineId,
        [0, 5, 10, 15].map((d) => ({ auc: base + d, validationId: v.id })),
      );
    }
    await member.post(`/v2/validations/${v.id}/complete`);
    const res = await member.post(`/v2/validations/${v.id}/request-report`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      validation: { id: v.id, name: 'Twenty three' },
      file: { content_type: 'application/pdf' },
    });

    const download = await fetch(server.url + res.body.download_url, {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-report-'));
    try {
      const file = path.join(dir, 'report.pdf');
      fs.writeFileSync(file, bytes);
      execFileSync('pdftoppm', ['-r', '30', '-png', file, path.join(dir, 'page')]);
      const pages = fs.readdirSync(dir).filter((f) => f.endsWith('.png'));
      // Title, 3 table pages (10 + 10 + 3 lines), charts, conclusion.
      expect(pages).toHaveLength(6);
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      expect(text).toContain('Results per line (3 of 3)');
      expect(text).toContain('Not acceptable (a rejection probability above 15%): Station 07.');
      expect(text).toContain('5 to 14 percentage points for LDH');
      expect(text).toContain('The next validation is recommended by 02 Sep 2026');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
