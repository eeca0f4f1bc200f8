import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { reportListQuery } from '../../../shared/api/reports';
import { Report } from '../../entities/report';
import { paginate } from '../pagination';

const ORDERINGS = { id: 'rep.id', title: 'rep.title', create_date: 'rep.createDate' };

function reportsQuery(manager: EntityManager) {
  return manager
    .getRepository(Report)
    .createQueryBuilder('rep')
    .leftJoinAndSelect('rep.validation', 'validation');
}

export function pageOfReports(
  manager: EntityManager,
  instituteId: number,
  q: z.output<typeof reportListQuery>,
) {
  const qb = reportsQuery(manager).where('rep.institute_id = :instituteId', { instituteId });
  if (q.validation__id) qb.andWhere('rep.validation_id = :vid', { vid: q.validation__id });
  return paginate(qb, q, ORDERINGS, '-create_date');
}

/** The report with its validation, or null. */
export const findReport = (manager: EntityManager, id: number) =>
  reportsQuery(manager).where('rep.id = :id', { id }).getOne();

export async function insertReport(manager: EntityManager, fields: Partial<Report>) {
  const repo = manager.getRepository(Report);
  const { id } = await repo.save(repo.create(fields));
  return id;
}

export async function renameReport(manager: EntityManager, id: number, title: string) {
  await manager.getRepository(Report).update(id, { title });
}

export async function deleteReport(manager: EntityManager, id: number) {
  await manager.getRepository(Report).delete(id);
}
