/**
 * The built-in label of records without labels. It is a filter value (`labels=unlabeled` on the
 * records list), not a row: it cannot be renamed or deleted, so the labels list does not carry it
 * and clients add it to their filter choices themselves.
 */
export const UNLABELED = 'unlabeled';
