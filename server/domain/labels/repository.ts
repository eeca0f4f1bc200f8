import { In, type EntityManager } from 'typeorm';
import type { LabelListQuery } from '../../../shared/api/labels';
import { Label } from '../../entities/label';
import { containsPattern, paginate } from '../pagination';

const ORDERINGS = { id: 'l.id', label: 'l.label', color: 'l.color' };

export function pageOfLabels(manager: EntityManager, instituteId: number, query: LabelListQuery) {
  const qb = manager
    .getRepository(Label)
    .createQueryBuilder('l')
    .where('l.institute_id = :instituteId', { instituteId });
  if (query.search) qb.andWhere('l.label ILIKE :s', { s: containsPattern(query.search) });
  return paginate(qb, query, ORDERINGS, 'label');
}

export const findLabel = (manager: EntityManager, id: number) =>
  manager.getRepository(Label).findOneBy({ id });

/** The institute's labels among `ids` (fewer than asked when some are not the institute's). */
export const findInstituteLabels = (manager: EntityManager, instituteId: number, ids: number[]) =>
  ids.length
    ? manager.getRepository(Label).findBy({ id: In(ids), instituteId })
    : Promise.resolve([]);

/** Whether another label of the institute has this name, ignoring case. */
export function nameTaken(manager: EntityManager, label: Label) {
  const qb = manager
    .getRepository(Label)
    .createQueryBuilder('l')
    .where('l.institute_id = :instituteId AND lower(l.label) = lower(:name)', {
      instituteId: label.instituteId,
      name: label.label,
    });
  if (label.id) qb.andWhere('l.id <> :id', { id: label.id });
  return qb.getExists();
}

export const newLabel = (manager: EntityManager, fields: Partial<Label>) =>
  manager.getRepository(Label).create(fields);

export const saveLabel = (manager: EntityManager, label: Label) =>
  manager.getRepository(Label).save(label);

export async function deleteLabel(manager: EntityManager, id: number) {
  await manager.getRepository(Label).delete(id);
}
