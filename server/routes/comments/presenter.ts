import type { CommentDto } from '../../../shared/api/comments';
import { commenterNameOf } from '../../domain/comments/service';
import type { Comment } from '../../entities/comment';

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
