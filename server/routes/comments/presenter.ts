import type { CommentDto } from '../../../shared/api/comments';
import type { Comment } from '../../entities/comment';
import type { User } from '../../entities/user';

/** 'First Last', or the e-mail of a user who has not given names. */
export const commenterNameOf = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The author's current name while the account exists, the name kept at writing after that. */
export function presentComment(c: Comment): CommentDto {
  return {
    id: c.id,
    comment: c.comment,
    commenter_name: c.commenter ? commenterNameOf(c.commenter) : c.commenterName,
    commenter: c.commenterId,
    created_date: c.createdDate.toISOString(),
    edited_date: c.editedDate?.toISOString() ?? null,
  };
}
