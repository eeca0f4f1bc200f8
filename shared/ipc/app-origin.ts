/**
 * The desktop app serves its pages from app://vialqc/ (electron/protocol.ts); the server allows
 * that origin to call the API (server/http/desktop-cors.ts).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'vialqc';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
