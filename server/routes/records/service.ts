import type { Request } from 'express';
import { Brackets, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import {
  ARCHIVED_LINE_LOCKED,
  STAFF_RECORD_FIELDS,
  type RecordListQuery,
  type RecordPatch,
  type UploadResponse,
} from '../../../shared/api/records';
import { bandSqlCondition } from '../../../shared/domain/rejection-bands';
import type { RunHeader } from '../../../shared/vial/dat';
import {
  accelerationSeries,
  cumulativeSeries,
  temperatureSeries,
} from '../../../shared/vial/series';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { Label } from '../../entities/label';
import { TransitRecord } from '../../entities/record';
import { Validation } from '../../entities/validation';
import { Vial } from '../../entities/vial';
import { forbidden, gone, HttpError, invalidField, notFound } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { authorize, can } from '../../policy/policy';
import { assignableLine } from './line-assignment';
import { outOfRangeOf } from './out-of-range';
import { presentRecord } from './presenter';
import { receiveRunUpload } from './upload';

const ORDERINGS = {
  id: 'r.id',
  date: 'r.date',
  upload_date: 'r.uploadDate',
  duration: 'r.duration',
  auc: 'r.auc',
  rejection: 'r.rejection',
  vial: 'r.vialLabel',
  line: 'line.name',
};

/** Records with what the presenter needs, hidden ones only for staff. */
function recordsQuery(manager: EntityManager, user: AuthUser) {
  const qb = manager
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .leftJoinAndSelect('r.line', 'line')
    .leftJoinAndSelect('r.labels', 'label');
  if (!can(user, 'records:hidden')) qb.andWhere('r.hidden = false');
  return qb;
}

/** The spec's list filters, Django-style, each backed by an index or a cheap predicate. */
function applyFilters(qb: SelectQueryBuilder<TransitRecord>, user: AuthUser, q: RecordListQuery) {
  const lineIds = [q.line, q.line_id, ...(q.line_ids ?? [])].filter((x) => x !== undefined);
  if (lineIds.length) qb.andWhere('r.line_id IN (:...lineIds)', { lineIds });
  const validationIds = [q.validation__id, ...(q.validation_ids ?? [])].filter(
    (x) => x !== undefined,
  );
  if (validationIds.length)
    qb.andWhere('r.validation_id IN (:...validationIds)', { validationIds });
  if (q.date__gte) qb.andWhere('r.date >= :dateGte', { dateGte: q.date__gte });
  if (q.date__lt) qb.andWhere('r.date < :dateLt', { dateLt: q.date__lt });
  if (q.upload_date__gte) qb.andWhere('r.upload_date >= :upGte', { upGte: q.upload_date__gte });
  if (q.upload_date__lt) qb.andWhere('r.upload_date < :upLt', { upLt: q.upload_date__lt });
  if (q.exclude !== undefined) qb.andWhere('r.exclude = :exclude', { exclude: q.exclude });
  if (q.is_processed !== undefined)
    qb.andWhere('r.is_processed = :processed', { processed: q.is_processed });
  if (q.is_reviewed !== undefined)
    qb.andWhere('r.is_reviewed = :reviewed', { reviewed: q.is_reviewed });
  if (can(user, 'records:hidden')) {
    if (q.hidden !== undefined) qb.andWhere('r.hidden = :hidden', { hidden: q.hidden });
    else if (!q.include_hidden) qb.andWhere('r.hidden = false');
  } else if (q.hidden) {
    qb.andWhere('false');
  }
  if (q.rejection?.length) {
    qb.andWhere(`(${q.rejection.map((b) => bandSqlCondition('r.rejection', b)).join(' OR ')})`);
  }
  if (q.labels?.length) {
    const ids = q.labels.filter((l): l is number => typeof l === 'number');
    qb.andWhere(
      new Brackets((w) => {
        if (ids.length)
          w.orWhere(
            'EXISTS (SELECT 1 FROM record_labels rl WHERE rl.record_id = r.id AND rl.label_id IN (:...labelIds))',
            { labelIds: ids },
          );
        if (q.labels!.includes('unlabeled'))
          w.orWhere('NOT EXISTS (SELECT 1 FROM record_labels rl WHERE rl.record_id = r.id)');
      }),
    );
  }
}

async function presentAll(manager: EntityManager, records: TransitRecord[]) {
  const ranges = await outOfRangeOf(manager, records);
  return records.map((r) => presentRecord(r, ranges.get(r.id) ?? null));
}

export async function listRecords(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  q: RecordListQuery,
) {
  authorize(user, 'read', instituteId);
  const qb = recordsQuery(ctx.db.manager, user).andWhere('r.institute_id = :instituteId', {
    instituteId,
  });
  applyFilters(qb, user, q);
  const page = await paginate(qb, q, ORDERINGS, '-date', (r) => r);
  return { items: await presentAll(ctx.db.manager, page.items), total: page.total };
}

export async function recordSummary(ctx: AppContext, user: AuthUser, instituteId: number) {
  authorize(user, 'read', instituteId);
  const row = (await ctx.db
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .select('count(*) FILTER (WHERE r.is_processed AND r.is_reviewed)', 'reviewed')
    .addSelect('count(*) FILTER (WHERE r.is_processed AND NOT r.is_reviewed)', 'not_reviewed')
    .addSelect('count(*) FILTER (WHERE NOT r.is_processed)', 'unprocessed')
    .where('r.institute_id = :instituteId AND r.hidden = false', { instituteId })
    .getRawOne()) as Record<'reviewed' | 'not_reviewed' | 'unprocessed', string>;
  return {
    reviewed: Number(row.reviewed),
    not_reviewed: Number(row.not_reviewed),
    unprocessed: Number(row.unprocessed),
  };
}

/** The record, or 404 when it does not exist, is hidden from the user, or is another institute's. */
async function findRecord(manager: EntityManager, user: AuthUser, id: number) {
  const record = await recordsQuery(manager, user).andWhere('r.id = :id', { id }).getOne();
  if (!record) throw notFound();
  authorize(user, 'read', record.instituteId);
  return record;
}

export async function getRecord(ctx: AppContext, user: AuthUser, id: number) {
  const [presented] = await presentAll(ctx.db.manager, [
    await findRecord(ctx.db.manager, user, id),
  ]);
  return presented;
}

/** Applies a review-form or staff edit with the rules of monitoring.md section 4. */
export async function patchRecord(ctx: AppContext, user: AuthUser, id: number, patch: RecordPatch) {
  const changedInstitute = await ctx.db.transaction(async (manager) => {
    const record = await findRecord(manager, user, id);
    authorize(user, 'data:edit');
    const staffField = STAFF_RECORD_FIELDS.find((f) => patch[f] !== undefined);
    if (staffField && !can(user, 'records:staff-fields')) {
      throw forbidden(`Only the provider's staff can change ${staffField}.`);
    }
    const institutesChange =
      patch.institute !== undefined && patch.institute !== record.instituteId;
    if (institutesChange) {
      // A record moved to another institute leaves this one's line, validation and labels behind.
      record.instituteId = patch.institute!;
      record.institute = undefined as never;
      record.line = null;
      record.lineId = null;
      record.validationId = null;
      record.labels = [];
    }
    if (patch.line !== undefined && patch.line !== record.lineId) {
      if (record.line?.archived) throw invalidField('line', ARCHIVED_LINE_LOCKED);
      const line =
        patch.line === null ? null : await assignableLine(manager, record.instituteId, patch.line);
      record.line = line;
      record.lineId = line?.id ?? null;
      record.validationId = null; // assigning a line clears the validation
    }
    if (patch.validation !== undefined) {
      if (patch.validation !== null) {
        const validation = await manager
          .getRepository(Validation)
          .findOne({ where: { id: patch.validation }, relations: { lines: true } });
        const fits =
          validation &&
          validation.instituteId === record.instituteId &&
          validation.status === 'inprogress' &&
          validation.lines.some((l) => l.id === record.lineId);
        if (!fits) {
          throw invalidField(
            'validation',
            'Records can be linked only to in-progress validations of their line.',
          );
        }
      }
      record.validationId = patch.validation;
    }
    if (patch.labels !== undefined) {
      const labels = patch.labels.length
        ? await manager
            .getRepository(Label)
            .findBy({ id: In(patch.labels), instituteId: record.instituteId })
        : [];
      if (labels.length !== new Set(patch.labels).size)
        throw invalidField('labels', 'No such label.');
      record.labels = labels;
    }
    if (patch.exclude !== undefined) record.exclude = patch.exclude;
    if (patch.is_reviewed !== undefined) record.isReviewed = patch.is_reviewed;
    if (patch.date !== undefined) record.date = new Date(patch.date);
    if (patch.hidden !== undefined) record.hidden = patch.hidden;
    if (patch.test_run !== undefined) record.testRun = patch.test_run;
    if (patch.short_run_error !== undefined) record.shortRunError = patch.short_run_error;
    if (patch.flatline_error !== undefined) record.flatlineError = patch.flatline_error;
    if (patch.no_run_error !== undefined) record.noRunError = patch.no_run_error;
    await manager.getRepository(TransitRecord).save(record);
    return institutesChange;
  });
  // Another institute has other analyzer thresholds: recompute the rejection figure.
  if (changedInstitute) await ctx.queue.enqueue(id);
  return getRecord(ctx, user, id);
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
  const vial = await manager.getRepository(Vial).findOneBy({ uuid: uuid.toLowerCase() });
  if (!vial) throw notFound('Vial is not registered');
  if (vial.isDeleted)
    throw gone(`${vial.label} is no longer supported and should be returned to the provider.`);
  if (vial.instituteId !== instituteId)
    throw forbidden('This vial is registered to another organization.');
  return vial;
}

/**
 * Stores an uploaded run as a new, unprocessed record and queues its processing. The same content
 * uploaded again for the same institute answers the existing record as a duplicate.
 */
export async function uploadRecord(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  req: Request,
): Promise<{ status: 200 | 201; body: UploadResponse }> {
  authorize(user, 'data:edit', instituteId);
  const upload = await receiveRunUpload(req, ctx.blobs, ctx.config.maxUploadBytes);
  const repo = ctx.db.getRepository(TransitRecord);
  const duplicate = async () => {
    const existing = await repo.findOneBy({ instituteId, sha256: upload.sha256 });
    return (
      existing && {
        status: 200 as const,
        body: { ...(await getRecord(ctx, user, existing.id)), duplicate: true },
      }
    );
  };
  try {
    const vial = await uploadingVial(ctx.db.manager, instituteId, upload.vialUuid);
    if (upload.header.vialUuid !== vial.uuid) {
      throw invalidField('file', 'The run file was recorded by another vial than vial_uuid names.');
    }
    const known = await duplicate();
    if (known) {
      await upload.discard();
      return known;
    }
    await upload.commit();
    let id: number;
    try {
      ({ id } = await repo.save(repo.create(newRecord(instituteId, vial, upload))));
    } catch (err) {
      // Two uploads of the same file racing: the unique index let one in; answer with it.
      const raced = await duplicate();
      if (raced) return raced;
      throw err;
    }
    await ctx.queue.enqueue(id);
    return { status: 201, body: { ...(await getRecord(ctx, user, id)), duplicate: false } };
  } catch (err) {
    await upload.discard();
    throw err;
  }
}

async function runOf(ctx: AppContext, user: AuthUser, id: number) {
  const record = await findRecord(ctx.db.manager, user, id);
  if (!record.isProcessed) throw new HttpError(409, 'The record has not been processed yet.');
  return ctx.runs.get(record.sha256);
}

export async function recordData(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  type: 'acceleration' | 'temperature',
  maxPoints: number,
) {
  const run = await runOf(ctx, user, id);
  return type === 'acceleration'
    ? accelerationSeries(run, maxPoints)
    : temperatureSeries(run, maxPoints);
}

export async function recordCumulative(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  metric: 'auc' | 'auc_225hz' | 'power',
  maxPoints: number,
) {
  return cumulativeSeries(await runOf(ctx, user, id), metric, maxPoints);
}
