import { In, type EntityManager } from 'typeorm';
import type { InstituteListQuery } from '../../../shared/api/institutes';
import { Institute } from '../../entities/institute';
import { TransitRecord } from '../../entities/record';
import { Vial } from '../../entities/vial';
import { containsPattern, paginate } from '../pagination';

const ORDERINGS = {
  id: 'i.id',
  name: 'lower(i.name)',
  partner_id: 'i.partner_id',
  relationship: 'i.relationship',
  subscription: 'i.subscription',
  customer_since: 'i.customer_since',
};

/** A page of institutes, of `visible` ones only unless it is null (staff). */
export function pageOfInstitutes(
  manager: EntityManager,
  visible: number[] | null,
  query: InstituteListQuery,
) {
  const qb = manager.getRepository(Institute).createQueryBuilder('i');
  if (visible) qb.andWhere('i.id = ANY(:visible)', { visible });
  if (query.exclude_archived) qb.andWhere('i.archived = false');
  if (query.benchmarking_opt_in !== undefined) {
    qb.andWhere('i.benchmarking_opt_in = :optIn', { optIn: query.benchmarking_opt_in });
  }
  if (query.search_string) {
    qb.andWhere('(i.name ILIKE :s OR i.partner_id ILIKE :s)', {
      s: containsPattern(query.search_string),
    });
  }
  return paginate(qb, query, ORDERINGS, 'name');
}

export const findInstitute = (manager: EntityManager, id: number) =>
  manager.getRepository(Institute).findOneBy({ id });

export const instituteExists = (manager: EntityManager, id: number) =>
  manager.getRepository(Institute).existsBy({ id });

export const findInstitutes = (manager: EntityManager, ids: number[]) =>
  manager.getRepository(Institute).findBy({ id: In(ids) });

export async function insertInstitute(manager: EntityManager, columns: Partial<Institute>) {
  const repo = manager.getRepository(Institute);
  return repo.save(repo.create(columns));
}

export async function updateInstitute(
  manager: EntityManager,
  id: number,
  columns: Partial<Institute>,
) {
  // An empty change (a PATCH with no known field) changes nothing; TypeORM would throw.
  if (Object.values(columns).every((v) => v === undefined)) return;
  await manager.getRepository(Institute).update(id, columns);
}

/** Upload figures of an institute, counted by the database: its vials (not retired) and runs. */
export async function uploadFigures(manager: EntityManager, id: number) {
  const runs = (await manager
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .select('count(*)', 'total')
    .addSelect('count(*) FILTER (WHERE NOT r.is_processed)', 'unprocessed')
    .addSelect('max(r.upload_date)', 'last')
    .addSelect(`count(*) FILTER (WHERE r.upload_date > now() - interval '30 days')`, 'recent')
    .where('r.institute_id = :id', { id })
    .getRawOne()) as { total: string; unprocessed: string; last: Date | null; recent: string };
  const vials = await manager.getRepository(Vial).countBy({ instituteId: id, isDeleted: false });
  return { ...runs, vials };
}
