/** Limits and defaults the server enforces and the desktop app and screens rely on, defined once. */

/** The server's HTTP port unless PORT says otherwise, and where the desktop app looks first. */
export const DEFAULT_SERVER_PORT = 8080;
export const DEFAULT_SERVER_URL = `http://localhost:${DEFAULT_SERVER_PORT}`;

/** The largest run file (or report) one upload may carry; the agent never sends a larger one. */
export const MAX_UPLOAD_BYTES = 256 * 1024 * 1024;

/**
 * The page size for lists a screen loads whole (pickers, selectors, the labels list): large
 * enough for every row an institute has, as the spec's own `size=9999` calls.
 */
export const FULL_LIST_SIZE = 9999;

/** Page sizes the tables offer. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
