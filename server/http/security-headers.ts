import type { RequestHandler } from 'express';

/**
 * What the served renderer loads, and nothing else: its own scripts (Vite emits no inline
 * script), its own styles plus the <style> elements of index.html (the screen shell's) and of
 * MUI's emotion ('unsafe-inline' for styles only), images from itself and the data:/blob: URLs of chart exports, and API calls to
 * this same origin. No plug-ins, no <base>, no form posts elsewhere, never inside a frame.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Also written by hand on the answers Node's parser gives before Express sees a request. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=()',
};

/** Sets the security headers on every answer, API and app alike (mounted first in app.ts). */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set(SECURITY_HEADERS);
  next();
};
