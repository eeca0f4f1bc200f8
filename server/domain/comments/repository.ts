import type { EntityManager } from 'typeorm';
import type { PageQuery } from '../../../shared/api/common';
import { Comment } from '../../entities/comment';
import { TransitRecord } from '../../entities/record';
import { Validation } from '../../entities/validation';
import { paginate } from '../pagination';

const ORDERINGS = { id: 'c.id', created_date: 'c.createdDate' };

/** What a comment hangs on: exactly one of the two is set. */
export type Parent = Pick<Comment, 'recordId' | 'validationId'>;

/** The comments on a record or validation, with their authors. */
export function pageOfComments(manager: EntityManager, parent: Parent, query: PageQuery) {
  const qb = manager
    .getRepository(Comment)
    .createQueryBuilder('c')
    .leftJoinAndSelect('c.commenter', 'commenter');
  if (parent.recordId !== null) qb.where('c.record_id = :id', { id: parent.recordId });
  else qb.where('c.validation_id = :id', { id: parent.validationId });
  return paginate(qb, query, ORDERINGS, 'created_date');
}

/** The commented record's institute and whether it is hidden, or null. */
export const findRecordParent = (manager: EntityManager, id: number) =>
  manager.getRepository(TransitRecord).findOne({
    where: { id },
    select: { id: true, instituteId: true, hidden: true },
  });

/** The commented validation's institute, or null. */
export const findValidationParent = (manager: EntityManager, id: number) =>
  manager
    .getRepository(Validation)
    .findOne({ where: { id }, select: { id: true, instituteId: true } });

export const findComment = (manager: EntityManager, id: number) =>
  manager.getRepository(Comment).findOne({ where: { id }, relations: { commenter: true } });

export async function insertComment(manager: EntityManager, fields: Partial<Comment>) {
  const repo = manager.getRepository(Comment);
  return repo.save(repo.create(fields));
}

export const saveComment = (manager: EntityManager, comment: Comment) =>
  manager.getRepository(Comment).save(comment);

export async function deleteComment(manager: EntityManager, id: number) {
  await manager.getRepository(Comment).delete(id);
}
