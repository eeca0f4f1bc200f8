import type { DataSource, EntityManager } from 'typeorm';
import type { RunHeader } from '../../../shared/vial/dat';
import type { AuthUser } from '../../auth/auth-user';
import type { TransitRecord } from '../../entities/record';
import type { Vial } from '../../entities/vial';
import type { RecordQueue } from '../../pipeline/queue';
import type { BlobStore } from '../../storage/blob-store';
import { forbidden, gone, invalidField, notFound } from '../errors';
import { authorize } from '../policy';
import type { Receive, ReceivedRun } from '../uploads';
import { findVialByUuid } from '../vials/repository';
import * as repo from './repository';
import { getRecord, type RecordView } from './service';

export interface UploadDeps {
  db: DataSource;
  queue: RecordQueue;
  blobs: BlobStore;
}

/** A new, unprocessed record for a stored run file. */
export function newRecord(
  instituteId: number,
  vial: Vial,
  run: { header: RunHeader; sha256: string; size: number; fileName: string },
): Partial<TransitRecord> {
  return {
    instituteId,
    vialId: vial.id,
    vialLabel: vial.label,
    date: new Date(run.header.startMs),
    sha256: run.sha256,
    fileSize: String(run.size),
    fileName: run.fileName.slice(0, 255) || null,
    sequence: run.header.sequence,
  };
}

/** The vial an upload names, with the spec's answers for each way it can be unusable. */
async function uploadingVial(
  manager: EntityManager,
  instituteId: number,
  uuid: string | undefined,
) {
  const valid =
    uuid && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid);
  if (!valid) throw invalidField('vial_uuid', 'vial_uuid must be the UUID of the vial’s tag.');
  const vial = await findVialByUuid(manager, uuid.toLowerCase());
  if (!vial) throw notFound('Vial is not registered');
  if (vial.isDeleted)
    throw gone(`${vial.label} is no longer supported and should be returned to the provider.`);
  if (vial.instituteId !== instituteId)
    throw forbidden('This vial is registered to another organization.');
  return vial;
}

/**
 * Inserts the record and publishes its blob as one unit of work: the blob is published inside
 * the record's transaction, so a failed insert publishes nothing, and a transaction that fails
 * after publishing removes the blob again (when this upload was the one that stored it). A process
 * killed before the commit leaves at most a staging file, swept at the next start.
 */
async function storeRecord(
  { db, blobs }: Pick<UploadDeps, 'db' | 'blobs'>,
  fields: Partial<TransitRecord>,
  upload: ReceivedRun,
): Promise<number> {
  let published = false;
  try {
    return await db.transaction(async (manager) => {
      const id = await repo.insertRecord(manager, fields);
      published = await upload.commit();
      return id;
    });
  } catch (err) {
    if (published) await blobs.remove(upload.sha256);
    throw err;
  }
}

/** The stored record an upload answers with; `duplicate` when its content was there already. */
export interface UploadResult {
  view: RecordView;
  duplicate: boolean;
}

/**
 * Stores an uploaded run as a new, unprocessed record and queues its processing. The same content
 * uploaded again for the same institute answers the existing record as a duplicate. The body is
 * received only once the user may upload.
 */
export async function uploadRecord(
  deps: UploadDeps,
  user: AuthUser,
  instituteId: number,
  receive: Receive<ReceivedRun>,
): Promise<UploadResult> {
  authorize(user, 'data:edit', instituteId);
  const upload = await receive();
  const manager = deps.db.manager;
  const duplicate = async () => {
    const existing = await repo.findRecordByContent(manager, instituteId, upload.sha256);
    return existing && { view: await getRecord(deps, user, existing.id), duplicate: true };
  };
  try {
    const vial = await uploadingVial(manager, instituteId, upload.vialUuid);
    if (upload.header.vialUuid !== vial.uuid) {
      throw invalidField('file', 'The run file was recorded by another vial than vial_uuid names.');
    }
    const known = await duplicate();
    if (known) {
      // Publishing again is a no-op for a stored blob and restores one the store has lost.
      await upload.commit();
      return known;
    }
    let id: number;
    try {
      id = await storeRecord(deps, newRecord(instituteId, vial, upload), upload);
    } catch (err) {
      // Two uploads of the same file racing: the unique index let one in; answer with it.
      const raced = await duplicate();
      if (!raced) throw err;
      await upload.discard();
      return raced;
    }
    await deps.queue.enqueue(id);
    return { view: await getRecord(deps, user, id), duplicate: false };
  } catch (err) {
    await upload.discard();
    throw err;
  }
}
