/** Limits the server enforces and the screens announce, defined once. */

/** The largest run file (or report) one upload may carry. */
export const MAX_UPLOAD_BYTES = 256 * 1024 * 1024;

/**
 * The page size for lists a screen loads whole (pickers, selectors, the labels list): large
 * enough for every row an institute has, as the spec's own `size=9999` calls.
 */
export const FULL_LIST_SIZE = 9999;

/** Page sizes the tables offer. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
