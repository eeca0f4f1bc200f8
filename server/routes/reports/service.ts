import type { Request, Response } from 'express';
import type { EntityManager } from 'typeorm';
import {
  REPORT_FILE_TYPES,
  REPORT_MESSAGES,
  reportTitle,
  type ReportDto,
} from '../../../shared/api/reports';
import { VALIDATION_MESSAGES } from '../../../shared/api/validations';
import type { z } from 'zod';
import type { reportListQuery } from '../../../shared/api/reports';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { Institute } from '../../entities/institute';
import { Report } from '../../entities/report';
import { Validation } from '../../entities/validation';
import { badRequest, invalidField, notFound } from '../../http/errors';
import { receiveMultipart } from '../../http/multipart';
import { storeBytes } from '../../storage/blob-store';
import { paginate } from '../../http/pagination';
import { authorize } from '../../policy/policy';
import { buildValidationReport } from '../../reports/validation-report';
import { validationLineStatistics } from '../validations/line-statistics';
import { presentReport } from './presenter';

const ORDERINGS = { id: 'rep.id', title: 'rep.title', create_date: 'rep.createDate' };

function reportsQuery(manager: EntityManager) {
  return manager
    .getRepository(Report)
    .createQueryBuilder('rep')
    .leftJoinAndSelect('rep.validation', 'validation');
}

export async function listReports(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  q: z.output<typeof reportListQuery>,
) {
  authorize(user, 'read', instituteId);
  const qb = reportsQuery(ctx.db.manager).where('rep.institute_id = :instituteId', { instituteId });
  if (q.validation__id) qb.andWhere('rep.validation_id = :vid', { vid: q.validation__id });
  return paginate(qb, q, ORDERINGS, '-create_date', presentReport);
}

/** The report, or 404 when it does not exist or belongs to an institute the user cannot see. */
async function findReport(manager: EntityManager, user: AuthUser, id: number) {
  const report = await reportsQuery(manager).where('rep.id = :id', { id }).getOne();
  if (!report) throw notFound();
  authorize(user, 'read', report.instituteId);
  return report;
}

export async function getReport(ctx: AppContext, user: AuthUser, id: number): Promise<ReportDto> {
  return presentReport(await findReport(ctx.db.manager, user, id));
}

/** Reports belong to completed validations of the same institute only. */
async function completedValidation(manager: EntityManager, instituteId: number, id: number) {
  const validation = await manager.getRepository(Validation).findOneBy({ id, instituteId });
  if (!validation) throw notFound();
  if (validation.status !== 'completed') throw badRequest(VALIDATION_MESSAGES.reportNeedsCompleted);
  return validation;
}

const extensionOf = (fileName: string) => fileName.split('.').pop()?.toLowerCase() ?? '';

/**
 * Stores an uploaded PDF or Word file (multipart: title, file, optionally validation) as a report.
 * Nothing is stored unless every field is right.
 */
async function receiveReport(
  ctx: AppContext,
  instituteId: number,
  req: Request,
  validationId: number | undefined,
): Promise<number> {
  const { fields, file } = await receiveMultipart(req, ctx.blobs, {
    fileField: 'file',
    maxBytes: ctx.config.maxUploadBytes,
    missingFile: REPORT_MESSAGES.fileRequired,
  });
  try {
    const title = reportTitle.safeParse(fields.title ?? '');
    if (!title.success) throw invalidField('title', title.error.issues[0].message);
    const contentType =
      file && file.size > 0 ? REPORT_FILE_TYPES[extensionOf(file.fileName)] : undefined;
    if (!file || !contentType) throw invalidField('file', REPORT_MESSAGES.fileRequired);
    const vid = validationId ?? (fields.validation ? Number(fields.validation) : undefined);
    if (vid !== undefined && !Number.isInteger(vid))
      throw invalidField('validation', 'No such validation.');
    if (vid !== undefined) await completedValidation(ctx.db.manager, instituteId, vid);
    await file.commit();
    const repo = ctx.db.getRepository(Report);
    const saved = await repo.save(
      repo.create({
        instituteId,
        validationId: vid ?? null,
        title: title.data,
        fileSha256: file.sha256,
        fileName: file.fileName.slice(0, 255),
        contentType,
        fileSize: file.size,
      }),
    );
    return saved.id;
  } catch (err) {
    await file?.discard();
    throw err;
  }
}

export async function createReport(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  req: Request,
) {
  authorize(user, 'reports:upload', instituteId);
  return getReport(ctx, user, await receiveReport(ctx, instituteId, req, undefined));
}

export async function uploadValidationReport(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  validationId: number,
  req: Request,
) {
  authorize(user, 'reports:upload', instituteId);
  await completedValidation(ctx.db.manager, instituteId, validationId);
  return getReport(ctx, user, await receiveReport(ctx, instituteId, req, validationId));
}

export async function updateReport(ctx: AppContext, user: AuthUser, id: number, title: string) {
  const report = await findReport(ctx.db.manager, user, id);
  authorize(user, 'reports:edit-title');
  await ctx.db.getRepository(Report).update(report.id, { title });
  return getReport(ctx, user, id);
}

/** Removes the report; its blob stays, as blobs are shared by content. */
export async function deleteReport(ctx: AppContext, user: AuthUser, id: number) {
  const report = await findReport(ctx.db.manager, user, id);
  authorize(user, 'reports:delete');
  await ctx.db.getRepository(Report).delete(report.id);
}

export async function downloadReport(ctx: AppContext, user: AuthUser, id: number, res: Response) {
  const report = await findReport(ctx.db.manager, user, id);
  const bytes = await ctx.blobs.read(report.fileSha256);
  res
    .status(200)
    .set('Content-Type', report.contentType)
    .set('Cache-Control', 'private, no-store')
    .attachment(report.fileName)
    .send(bytes);
}

/** Builds the PDF of a completed validation and saves it as a report of it; answers its id. */
export async function generateValidationReport(
  ctx: AppContext,
  validationId: number,
): Promise<number> {
  const manager = ctx.db.manager;
  const validation = await manager
    .getRepository(Validation)
    .findOneOrFail({ where: { id: validationId }, relations: { lines: true } });
  const institute = await manager
    .getRepository(Institute)
    .findOneByOrFail({ id: validation.instituteId });
  const stats = await validationLineStatistics(manager, validation);
  const pdf = await buildValidationReport({
    institute: { name: institute.name, metadataType: institute.metadataType },
    validation,
    lines: stats.map((s) => ({ name: s.line_name, stats: s })),
    generatedAt: new Date(),
  });
  const { sha256, size } = await storeBytes(ctx.blobs, pdf);
  const safeName = validation.name.replace(/[^\p{L}\p{N}#_ -]+/gu, '').trim() || 'validation';
  const repo = manager.getRepository(Report);
  const saved = await repo.save(
    repo.create({
      instituteId: validation.instituteId,
      validationId,
      title: `Validation report: ${validation.name}`,
      fileSha256: sha256,
      fileName: `${safeName} report.pdf`,
      contentType: REPORT_FILE_TYPES.pdf,
      fileSize: size,
    }),
  );
  return saved.id;
}
