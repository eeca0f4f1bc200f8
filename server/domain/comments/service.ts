import type { DataSource, EntityManager } from 'typeorm';
import type { CommentBody, Commentable } from '../../../shared/api/comments';
import type { PageQuery } from '../../../shared/api/common';
import type { Action } from '../../../shared/domain/roles';
import type { AuthUser } from '../../auth/auth-user';
import type { User } from '../../entities/user';
import { forbidden, notFound } from '../errors';
import { authorize, can } from '../policy';
import { findUser } from '../users/repository';
import * as repo from './repository';

const AUTHOR_ONLY = 'Comments may be edited or deleted only by their author.';

export interface CommentDeps {
  db: DataSource;
}

/** 'First Last', or the e-mail of a user who has not given names. */
export const commenterNameOf = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

const parentOf = (resource: Commentable, id: number): repo.Parent =>
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
  parent: repo.Parent,
) {
  let instituteId: number | null = null;
  if (parent.recordId !== null) {
    const record = await repo.findRecordParent(manager, parent.recordId);
    if (record && (!record.hidden || can(user, 'records:hidden'))) instituteId = record.instituteId;
  } else {
    const validation = await repo.findValidationParent(manager, parent.validationId!);
    instituteId = validation?.instituteId ?? null;
  }
  authorize(user, action, instituteId);
}

export async function listComments(
  { db }: CommentDeps,
  user: AuthUser,
  resource: Commentable,
  id: number,
  query: PageQuery,
) {
  const parent = parentOf(resource, id);
  await authorizeOnParent(db.manager, user, 'read', parent);
  return repo.pageOfComments(db.manager, parent, query);
}

export async function createComment(
  { db }: CommentDeps,
  user: AuthUser,
  resource: Commentable,
  id: number,
  body: CommentBody,
) {
  const parent = parentOf(resource, id);
  await authorizeOnParent(db.manager, user, 'data:edit', parent);
  const author = await findUser(db.manager, user.id);
  if (!author) throw notFound();
  const saved = await repo.insertComment(db.manager, {
    ...parent,
    comment: body.comment,
    commenterId: author.id,
    commenterName: commenterNameOf(author),
  });
  return { ...saved, commenter: author };
}

/** The comment, or 404 when it does not exist or its record or validation is not visible. */
export async function getComment({ db }: CommentDeps, user: AuthUser, id: number) {
  const comment = await repo.findComment(db.manager, id);
  if (!comment) throw notFound();
  await authorizeOnParent(db.manager, user, 'read', comment);
  return comment;
}

/** Only the author changes a comment, and only while allowed to change data at all. */
async function findOwnComment(deps: CommentDeps, user: AuthUser, id: number) {
  const comment = await getComment(deps, user, id);
  if (comment.commenterId !== user.id) throw forbidden(AUTHOR_ONLY);
  authorize(user, 'data:edit');
  return comment;
}

export async function updateComment(
  deps: CommentDeps,
  user: AuthUser,
  id: number,
  body: CommentBody,
) {
  const comment = await findOwnComment(deps, user, id);
  comment.comment = body.comment;
  comment.editedDate = new Date();
  return repo.saveComment(deps.db.manager, comment);
}

export async function deleteComment(deps: CommentDeps, user: AuthUser, id: number) {
  const comment = await findOwnComment(deps, user, id);
  await repo.deleteComment(deps.db.manager, comment.id);
}
