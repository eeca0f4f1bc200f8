/**
 * The line rules of monitoring.md section 4 in words, for the single and the bulk edit alike,
 * apart from the records' schemas: the records screen says them without building those.
 */
export const ARCHIVED_LINE_CHOSEN = 'Archived lines cannot be chosen.';
export const ARCHIVED_LINE_LOCKED = 'The line has been archived and cannot be changed.';
/** A record is reviewed on a line: without one it would count nowhere (single and bulk edit). */
export const reviewNeedsLine = (line = 'line') =>
  `Choose a ${line} before marking the record reviewed.`;
export const REVIEW_NEEDS_LINE = reviewNeedsLine();
