import { In, type EntityManager } from 'typeorm';
import type { ValidationListQuery } from '../../../shared/api/validations';
import { Line } from '../../entities/line';
import { TransitRecord } from '../../entities/record';
import { Report } from '../../entities/report';
import { Validation } from '../../entities/validation';
import { containsPattern, paginate } from '../pagination';

const ORDERINGS = {
  id: 'v.id',
  name: 'v.name',
  start_date: 'v.startDate',
  status: 'v.status',
  completed_at: 'v.completedAt',
};

function validationsQuery(manager: EntityManager, instituteId: number) {
  return manager
    .getRepository(Validation)
    .createQueryBuilder('v')
    .leftJoinAndSelect('v.lines', 'line')
    .where('v.institute_id = :instituteId', { instituteId });
}

export function pageOfValidations(
  manager: EntityManager,
  instituteId: number,
  q: ValidationListQuery,
) {
  const qb = manager
    .getRepository(Validation)
    .createQueryBuilder('v')
    .where('v.institute_id = :instituteId', { instituteId });
  if (q.name__icontains)
    qb.andWhere('v.name ILIKE :contains', { contains: containsPattern(q.name__icontains) });
  if (q.name__iexact) qb.andWhere('lower(v.name) = lower(:exact)', { exact: q.name__iexact });
  if (q.status) qb.andWhere('v.status = :status', { status: q.status });
  if (q.line_id) {
    qb.andWhere('v.id IN (SELECT validation_id FROM validation_lines WHERE line_id = :lineId)', {
      lineId: q.line_id,
    });
  }
  return paginate(qb, q, ORDERINGS, '-start_date', (ids) =>
    validationsQuery(manager, instituteId).andWhere('v.id IN (:...ids)', { ids }).getMany(),
  );
}

/** The institute's validation with the latest start, or null. */
export const latestValidation = (manager: EntityManager, instituteId: number) =>
  validationsQuery(manager, instituteId)
    .orderBy('v.startDate', 'DESC')
    .addOrderBy('v.id', 'DESC')
    .getOne();

export const findValidationWithLines = (manager: EntityManager, id: number) =>
  manager.getRepository(Validation).findOne({ where: { id }, relations: { lines: true } });

/** The institute's validation with this id, or null. */
export const findInstituteValidation = (manager: EntityManager, instituteId: number, id: number) =>
  manager.getRepository(Validation).findOneBy({ id, instituteId });

/** Whether another validation of the institute has this name, ignoring case. */
export function nameTaken(
  manager: EntityManager,
  instituteId: number,
  name: string,
  exceptId?: number,
) {
  const qb = manager
    .getRepository(Validation)
    .createQueryBuilder('v')
    .where('v.institute_id = :instituteId AND lower(v.name) = lower(:name)', { instituteId, name });
  if (exceptId !== undefined) qb.andWhere('v.id <> :exceptId', { exceptId });
  return qb.getExists();
}

export const findInstituteLines = (manager: EntityManager, instituteId: number, ids: number[]) =>
  manager.getRepository(Line).findBy({ id: In(ids), instituteId });

export async function insertValidation(manager: EntityManager, fields: Partial<Validation>) {
  const repo = manager.getRepository(Validation);
  const { id } = await repo.save(repo.create(fields));
  return id;
}

export async function saveValidation(manager: EntityManager, validation: Validation) {
  await manager.getRepository(Validation).save(validation);
}

/** Unlinks the validation's records whose line is not one of `lineIds`. */
export async function unlinkRecordsOutside(manager: EntityManager, id: number, lineIds: number[]) {
  await manager
    .getRepository(TransitRecord)
    .createQueryBuilder()
    .update()
    .set({ validationId: null })
    .where('validation_id = :id AND (line_id IS NULL OR NOT (line_id = ANY(:lineIds)))', {
      id,
      lineIds,
    })
    .execute();
}

export async function removeValidation(manager: EntityManager, validation: Validation) {
  await manager.getRepository(Validation).remove(validation);
}

/** Marks an in-progress validation completed; false when it was not in progress any more. */
export async function completeInProgress(manager: EntityManager, id: number): Promise<boolean> {
  const { affected } = await manager
    .getRepository(Validation)
    .update({ id, status: 'inprogress' }, { status: 'completed', completedAt: new Date() });
  return Boolean(affected);
}

/** The latest report of each of the validations that has one, in one query. */
export async function latestReportsOf(
  manager: EntityManager,
  validationIds: number[],
): Promise<Map<number, Report>> {
  const reports = validationIds.length
    ? await manager
        .getRepository(Report)
        .find({ where: { validationId: In(validationIds) }, order: { id: 'ASC' } })
    : [];
  return new Map(reports.map((r) => [r.validationId!, r]));
}
