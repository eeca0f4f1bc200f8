import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  REPORT_FILE_TYPES,
  REPORT_MESSAGES,
  reportUploadFields,
  type reportListQuery,
} from '../../../shared/api/reports';
import { VALIDATION_MESSAGES } from '../../../shared/api/validations';
import type { AuthUser } from '../../auth/auth-user';
import type { Report } from '../../entities/report';
import { buildValidationReport } from '../../reports/validation-report';
import { storeBytes, type BlobStore } from '../../storage/blob-store';
import { readStoredFile, releaseBlobs } from '../blobs/service';
import { badRequest, invalidField, notFound } from '../errors';
import { findInstitute } from '../institutes/repository';
import { authorize } from '../policy';
import { validationLineStatistics } from '../statistics/service';
import { parseFormFields, type Receive, type ReceivedForm } from '../uploads';
import { findInstituteValidation, findValidationWithLines } from '../validations/repository';
import { findValidation, validationArea } from '../validations/service';
import * as repo from './repository';

export interface ReportDeps {
  db: DataSource;
  /** Report files, content-addressed. */
  blobs: BlobStore;
}
type DbDeps = Pick<ReportDeps, 'db'>;

export async function listReports(
  { db }: DbDeps,
  user: AuthUser,
  instituteId: number,
  q: z.output<typeof reportListQuery>,
) {
  await validationArea(db.manager, user, 'read', instituteId);
  return repo.pageOfReports(db.manager, instituteId, q);
}

/** The report, or 404 when it does not exist or belongs to an institute the user cannot see. */
export async function getReport({ db }: DbDeps, user: AuthUser, id: number): Promise<Report> {
  const report = await repo.findReport(db.manager, id);
  if (!report) throw notFound();
  await validationArea(db.manager, user, 'read', report.instituteId);
  return report;
}

/** Reports belong to completed validations of the same institute only. */
async function completedValidation(manager: EntityManager, instituteId: number, id: number) {
  const validation = await findInstituteValidation(manager, instituteId, id);
  if (!validation) throw notFound();
  if (validation.status !== 'completed') throw badRequest(VALIDATION_MESSAGES.reportNeedsCompleted);
  return validation;
}

const extensionOf = (fileName: string) => fileName.split('.').pop()?.toLowerCase() ?? '';

/**
 * Stores an uploaded PDF or Word file (form fields: title, file, optionally validation) as a
 * report. Nothing is stored unless every field is right.
 */
async function storeReceivedReport(
  manager: EntityManager,
  instituteId: number,
  { fields, file }: ReceivedForm,
  validationId: number | undefined,
): Promise<number> {
  try {
    const form = parseFormFields(reportUploadFields, fields);
    const contentType =
      file && file.size > 0 ? REPORT_FILE_TYPES[extensionOf(file.fileName)] : undefined;
    if (!file || !contentType) throw invalidField('file', REPORT_MESSAGES.fileRequired);
    const vid = validationId ?? form.validation;
    if (vid !== undefined) await completedValidation(manager, instituteId, vid);
    await file.commit();
    return await repo.insertReport(manager, {
      instituteId,
      validationId: vid ?? null,
      title: form.title,
      fileSha256: file.sha256,
      fileName: file.fileName.slice(0, 255),
      contentType,
      fileSize: file.size,
    });
  } catch (err) {
    await file?.discard();
    throw err;
  }
}

export async function createReport(
  deps: DbDeps,
  user: AuthUser,
  instituteId: number,
  receive: Receive<ReceivedForm>,
) {
  await validationArea(deps.db.manager, user, 'reports:upload', instituteId);
  const id = await storeReceivedReport(deps.db.manager, instituteId, await receive(), undefined);
  return getReport(deps, user, id);
}

export async function uploadValidationReport(
  deps: DbDeps,
  user: AuthUser,
  instituteId: number,
  validationId: number,
  receive: Receive<ReceivedForm>,
) {
  await validationArea(deps.db.manager, user, 'reports:upload', instituteId);
  await completedValidation(deps.db.manager, instituteId, validationId);
  const form = await receive();
  return getReport(
    deps,
    user,
    await storeReceivedReport(deps.db.manager, instituteId, form, validationId),
  );
}

export async function updateReport(deps: DbDeps, user: AuthUser, id: number, title: string) {
  const report = await getReport(deps, user, id);
  authorize(user, 'reports:edit-title');
  await repo.renameReport(deps.db.manager, report.id, title);
  return getReport(deps, user, id);
}

/** Removes the report; its blob stays, as blobs are shared by content. */
/** Deletes the report, and its file with it unless something else stores the same content. */
export async function deleteReport(deps: ReportDeps, user: AuthUser, id: number) {
  const report = await getReport(deps, user, id);
  authorize(user, 'reports:delete');
  await repo.deleteReport(deps.db.manager, report.id);
  await releaseBlobs(deps, [report.fileSha256]);
}

/** The report's file, for its institute only. */
export async function downloadReport(deps: ReportDeps, user: AuthUser, id: number) {
  const report = await getReport(deps, user, id);
  return { report, bytes: await readStoredFile(deps, report.fileSha256, 'report file') };
}

/** Builds the PDF of a completed validation and saves it as a report of it; answers its id. */
export async function generateValidationReport(
  { db, blobs }: ReportDeps,
  validationId: number,
): Promise<number> {
  const manager = db.manager;
  const validation = await findValidationWithLines(manager, validationId);
  if (!validation) throw notFound();
  const institute = await findInstitute(manager, validation.instituteId);
  if (!institute) throw notFound();
  const stats = await validationLineStatistics(manager, validation);
  const pdf = await buildValidationReport({
    institute: { name: institute.name, metadataType: institute.metadataType },
    validation,
    lines: stats.map((s) => ({ name: s.line_name, stats: s })),
    generatedAt: new Date(),
  });
  const { sha256, size } = await storeBytes(blobs, pdf);
  const safeName = validation.name.replace(/[^\p{L}\p{N}#_ -]+/gu, '').trim() || 'validation';
  return repo.insertReport(manager, {
    instituteId: validation.instituteId,
    validationId,
    title: `Validation report: ${validation.name}`,
    fileSha256: sha256,
    fileName: `${safeName} report.pdf`,
    contentType: REPORT_FILE_TYPES.pdf,
    fileSize: size,
  });
}

/** Builds the PDF report of a completed validation and stores it as one of its reports. */
export async function requestValidationReport(deps: ReportDeps, user: AuthUser, id: number) {
  const validation = await findValidation(deps.db.manager, user, id);
  authorize(user, 'data:edit');
  if (validation.status !== 'completed') throw badRequest(VALIDATION_MESSAGES.reportNeedsCompleted);
  return getReport(deps, user, await generateValidationReport(deps, id));
}
