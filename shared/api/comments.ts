import { z } from 'zod';
import { multilineText, out, pageQuery } from './common';

export const COMMENT_MAX_LENGTH = 5000;
/** What comments can be made on, as the path names it: /v2/{resource}/{id}/comments. */
export const COMMENTABLE = ['records', 'validations'] as const;
export type Commentable = (typeof COMMENTABLE)[number];

export const comment = z.object({
  id: out.int(),
  comment: out.text(),
  /** 'First Last' of the author, kept after the author's account is deleted. */
  commenter_name: out.text(),
  /** The author's user id; null once that account is deleted. */
  commenter: out.int().nullable(),
  created_date: out.text(),
  /** When the author last changed the text; null if never. */
  edited_date: out.text().nullable(),
});
export type CommentDto = z.infer<typeof comment>;

export const commentBody = z.object({
  comment: multilineText({ error: 'A comment is required.' })
    .trim()
    .min(1, 'A comment is required.')
    .max(COMMENT_MAX_LENGTH, 'Comment is too long.'),
});
export type CommentBody = z.infer<typeof commentBody>;

/** A conversation is read whole, oldest first. */
export const commentListQuery = pageQuery.extend({
  size: pageQuery.shape.size.unwrap().default(9999),
});
