/** Where the signed-in session is kept between visits (session-store.ts persists it here). */
export const SESSION_STORAGE_KEY = 'vialqc-session';

/**
 * Whether a session is stored, read before the app's code has loaded (the screen shell): the
 * access token may since have expired, which the app finds out and handles at its first call.
 */
export function hasStoredSession(): boolean {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    const state = (stored as { state?: { access?: unknown } } | null)?.state;
    return typeof state?.access === 'string' && state.access !== '';
  } catch {
    return false; // storage refused (private mode) or not ours to read
  }
}
