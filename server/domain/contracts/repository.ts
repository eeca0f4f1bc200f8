import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { contractListQuery } from '../../../shared/api/contracts';
import { Contract, ContractFile } from '../../entities/contract';
import { containsPattern, paginate } from '../pagination';

const ORDERINGS = {
  id: 'c.id',
  title: 'c.title',
  start_date: 'c.startDate',
  end_date: 'c.endDate',
  status: 'c.status',
  customer_since: 'c.customerSince',
  institute: 'institute.name',
};

function contractsQuery(manager: EntityManager) {
  return manager
    .getRepository(Contract)
    .createQueryBuilder('c')
    .leftJoinAndSelect('c.institute', 'institute')
    .leftJoinAndSelect('c.files', 'files');
}

/** A page of contracts with their institutes and files, newest start first by default. */
export function pageOfContracts(manager: EntityManager, q: z.output<typeof contractListQuery>) {
  const qb = contractsQuery(manager);
  if (q.exclude_archived) qb.andWhere("c.status <> 'archived'");
  if (q.title__icontains)
    qb.andWhere('c.title ILIKE :t', { t: containsPattern(q.title__icontains) });
  if (q.institute__id) qb.andWhere('c.institute_id = :inst', { inst: q.institute__id });
  return paginate(qb, q, ORDERINGS, '-start_date');
}

export const findContract = (manager: EntityManager, id: number) =>
  contractsQuery(manager).where('c.id = :id', { id }).orderBy('files.fileName', 'ASC').getOne();

/** The earliest start date among an institute's contracts, or null when it has none. */
export async function firstContractStart(
  manager: EntityManager,
  instituteId: number,
): Promise<string | null> {
  const row = await manager
    .getRepository(Contract)
    .createQueryBuilder('c')
    .select('MIN(c.start_date)::text', 'first')
    .where('c.institute_id = :instituteId', { instituteId })
    .getRawOne<{ first: string | null }>();
  return row?.first ?? null;
}

export async function insertContract(manager: EntityManager, fields: Partial<Contract>) {
  const repo = manager.getRepository(Contract);
  return repo.save(repo.create(fields));
}

export async function updateContract(
  manager: EntityManager,
  id: number,
  changes: Partial<Contract>,
) {
  await manager.getRepository(Contract).update(id, changes);
}

/** Deletes the contract; its file rows go with it (ON DELETE CASCADE). */
export async function deleteContract(manager: EntityManager, id: number) {
  await manager.getRepository(Contract).delete(id);
}

export async function insertContractFile(manager: EntityManager, fields: Partial<ContractFile>) {
  const repo = manager.getRepository(ContractFile);
  return repo.save(repo.create(fields));
}

export async function deleteContractFiles(manager: EntityManager, ids: number[]) {
  if (ids.length > 0) await manager.getRepository(ContractFile).delete(ids);
}
