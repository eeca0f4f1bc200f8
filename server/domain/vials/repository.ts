import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { vialListQuery } from '../../../shared/api/vials';
import { Vial } from '../../entities/vial';
import { containsPattern, paginate } from '../pagination';

const ORDERINGS = { label: 'v.label', version: 'v.version', id: 'v.id' };

/** A page of vials, of `visible` institutes only unless it is null (staff). */
export function pageOfVials(
  manager: EntityManager,
  visible: number[] | null,
  q: z.output<typeof vialListQuery>,
) {
  const qb = manager.getRepository(Vial).createQueryBuilder('v');
  if (visible) qb.andWhere('v.institute_id = ANY(:visible)', { visible });
  if (q.institute_id) qb.andWhere('v.institute_id = :inst', { inst: q.institute_id });
  if (q.search) qb.andWhere('v.label ILIKE :s', { s: containsPattern(q.search) });
  return paginate(qb, q, ORDERINGS, 'label');
}

export const findVialByLabel = (manager: EntityManager, label: string) =>
  manager.getRepository(Vial).findOneBy({ label });

export const findVialByUuid = (manager: EntityManager, uuid: string) =>
  manager.getRepository(Vial).findOneBy({ uuid });

export const labelExists = (manager: EntityManager, label: string) =>
  manager.getRepository(Vial).existsBy({ label });

export const uuidExists = (manager: EntityManager, uuid: string) =>
  manager.getRepository(Vial).existsBy({ uuid });

export async function insertVial(manager: EntityManager, fields: Partial<Vial>) {
  const repo = manager.getRepository(Vial);
  return repo.save(repo.create(fields));
}

export const saveVial = (manager: EntityManager, vial: Vial) =>
  manager.getRepository(Vial).save(vial);

export async function retireVial(manager: EntityManager, id: number) {
  await manager.getRepository(Vial).update(id, { isDeleted: true });
}
