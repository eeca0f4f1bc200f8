import { expected, readFixture } from '../shared/vial/testing/fixtures';
import type { ApiClient } from './http';
import type { ResourceIds } from './openapi-walk';

/** The fixture vials, registered to an institute by staff, as a lab would have them. */
export async function registerFixtureVials(staff: ApiClient, instituteId: number) {
  const vials = new Map<string, string>();
  for (const r of Object.values(expected.records)) vials.set(r.vial_serial, r.vial_uuid);
  for (const [label, uuid] of vials) {
    const res = await staff.post('/v2/vials', {
      label,
      uuid,
      version: 'VV2',
      institute: instituteId,
    });
    if (res.status !== 201)
      throw new Error(`Could not register ${label}: ${JSON.stringify(res.body)}`);
  }
  return vials;
}

export function runForm(bytes: Uint8Array, vialUuid: string, name = 'RUN.DAT'): FormData {
  const form = new FormData();
  form.append('vial_uuid', vialUuid);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

/** Uploads a fixture run file (path relative to the fixtures folder). */
export function uploadFixture(
  client: ApiClient,
  instituteId: number,
  file: string,
  vialUuid: string,
) {
  return client.multipart(
    `/v2/institutes/${instituteId}/record-upload`,
    runForm(readFixture(file), vialUuid, file.split('/').pop()),
  );
}

/** Polls a record until the worker has processed it (or failed on it). */
export async function waitProcessed(client: ApiClient, id: number, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/v2/records/${id}`);
    if (res.body.is_processed || res.body.processing_error) return res.body;
    if (Date.now() > until) throw new Error(`Record ${id} was not processed in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * What seedResources leaves without a stored file: a PDF attached to the contract, the vial's
 * DIF file and a processed run of a fixture vial (which becomes `ids.record`).
 */
export async function seedFiles(staff: ApiClient, ids: ResourceIds) {
  const pdf = new FormData();
  pdf.append('files-0', new Blob([new TextEncoder().encode('%PDF-1.4\n%kept\n')]), 'kept.pdf');
  const attached = await staff.multipart(`/v2/contracts/${ids.contract}/upload`, pdf);
  const contractFileId = (attached.body as { files: { id: number }[] }).files[0].id;
  const dif = await staff.post('/v2/vials/create-diff', { label: ids.vial });
  if (dif.status !== 201) throw new Error(`No DIF file: ${JSON.stringify(dif.body)}`);
  await registerFixtureVials(staff, ids.institute);
  const run = expected.records['pts-smooth'];
  const uploaded = await uploadFixture(staff, ids.institute, run.file, run.vial_uuid);
  await waitProcessed(staff, uploaded.body.id);
  return {
    ids: { ...ids, record: uploaded.body.id as number, contractFile: contractFileId },
    run,
  };
}
