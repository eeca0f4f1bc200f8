import type { EntityManager } from 'typeorm';
import type { CommentBody, Commentable } from '../../../shared/api/comments';
import type { PageQuery } from '../../../shared/api/common';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { Comment } from '../../entities/comment';
import { TransitRecord } from '../../entities/record';
import { User } from '../../entities/user';
import { Validation } from '../../entities/validation';
import { forbidden, notFound } from '../../http/errors';
import { paginate } from '../../http/pagination';
import type { Action } from '../../../shared/domain/roles';
import { authorize, can } from '../../policy/policy';
import { commenterNameOf, presentComment } from './presenter';

const ORDERINGS = { id: 'c.id', created_date: 'c.createdDate' };
const AUTHOR_ONLY = 'Comments may be edited or deleted only by their author.';

/** What a comment hangs on: exactly one of the two is set. */
type Parent = Pick<Comment, 'recordId' | 'validationId'>;

const parentOf = (resource: Commentable, id: number): Parent =>
  resource === 'records'
    ? { recordId: id, validationId: null }
    : { recordId: null, validationId: id };

/**
 * The comments of a record or validation are as visible as it is: another institute's, or a
 * hidden record for non-staff, answer 404 as if they did not exist.
 */
async function authorizeOnParent(
  manager: EntityManager,
  user: AuthUser,
  action: Action | 'read',
  parent: Parent,
) {
  let instituteId: number | null = null;
  if (parent.recordId !== null) {
    const record = await manager.getRepository(TransitRecord).findOne({
      where: { id: parent.recordId },
      select: { id: true, instituteId: true, hidden: true },
    });
    if (record && (!record.hidden || can(user, 'records:hidden'))) instituteId = record.instituteId;
  } else {
    const validation = await manager
      .getRepository(Validation)
      .findOne({ where: { id: parent.validationId! }, select: { id: true, instituteId: true } });
    instituteId = validation?.instituteId ?? null;
  }
  authorize(user, action, instituteId);
}

export async function listComments(
  ctx: AppContext,
  user: AuthUser,
  resource: Commentable,
  id: number,
  query: PageQuery,
) {
  const parent = parentOf(resource, id);
  await authorizeOnParent(ctx.db.manager, user, 'read', parent);
  const qb = ctx.db
    .getRepository(Comment)
    .createQueryBuilder('c')
    .leftJoinAndSelect('c.commenter', 'commenter');
  if (parent.recordId !== null) qb.where('c.record_id = :id', { id });
  else qb.where('c.validation_id = :id', { id });
  return paginate(qb, query, ORDERINGS, 'created_date', presentComment);
}

export async function createComment(
  ctx: AppContext,
  user: AuthUser,
  resource: Commentable,
  id: number,
  body: CommentBody,
) {
  const parent = parentOf(resource, id);
  await authorizeOnParent(ctx.db.manager, user, 'data:edit', parent);
  const author = await ctx.db.getRepository(User).findOneByOrFail({ id: user.id });
  const repo = ctx.db.getRepository(Comment);
  const saved = await repo.save(
    repo.create({
      ...parent,
      comment: body.comment,
      commenterId: author.id,
      commenterName: commenterNameOf(author),
    }),
  );
  return presentComment({ ...saved, commenter: author });
}

/** The comment, or 404 when it does not exist or its record or validation is not visible. */
async function findComment(manager: EntityManager, user: AuthUser, id: number) {
  const comment = await manager
    .getRepository(Comment)
    .findOne({ where: { id }, relations: { commenter: true } });
  if (!comment) throw notFound();
  await authorizeOnParent(manager, user, 'read', comment);
  return comment;
}

/** Only the author changes a comment, and only while allowed to change data at all. */
async function findOwnComment(manager: EntityManager, user: AuthUser, id: number) {
  const comment = await findComment(manager, user, id);
  if (comment.commenterId !== user.id) throw forbidden(AUTHOR_ONLY);
  authorize(user, 'data:edit');
  return comment;
}

export async function getComment(ctx: AppContext, user: AuthUser, id: number) {
  return presentComment(await findComment(ctx.db.manager, user, id));
}

export async function updateComment(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  body: CommentBody,
) {
  const comment = await findOwnComment(ctx.db.manager, user, id);
  comment.comment = body.comment;
  comment.editedDate = new Date();
  return presentComment(await ctx.db.getRepository(Comment).save(comment));
}

export async function deleteComment(ctx: AppContext, user: AuthUser, id: number) {
  const comment = await findOwnComment(ctx.db.manager, user, id);
  await ctx.db.getRepository(Comment).delete(comment.id);
}
