import type { RequestHandler } from 'express';
import { DomainError } from '../domain/errors';
import { declaredOperations, derivedOnce } from './openapi';

interface DeclaredPath {
  /** Lower-case segments; null where the path names a parameter (`:id`). */
  segments: (string | null)[];
  methods: Set<string>;
}

/** The declared paths, each with its methods, most specific first (see `bestMatch`). */
function declaredPaths(): DeclaredPath[] {
  const byPath = new Map<string, DeclaredPath>();
  for (const op of declaredOperations()) {
    const entry = byPath.get(op.path) ?? {
      segments: op.path
        .toLowerCase()
        .split('/')
        .map((s) => (s.startsWith(':') ? null : s)),
      methods: new Set<string>(),
    };
    entry.methods.add(op.method.toUpperCase());
    byPath.set(op.path, entry);
  }
  // A literal segment beats a parameter at the first place two paths differ, as OpenAPI
  // matches concrete paths first: /users/invite is not /users/{userId}.
  const rank = (p: DeclaredPath) => p.segments.map((s) => (s === null ? '1' : '0')).join('');
  return [...byPath.values()].sort((a, b) => rank(a).localeCompare(rank(b)));
}

/** The declared path a request path stands for, if any (Express ignores case and a final /). */
function bestMatch(requestPath: string): DeclaredPath | undefined {
  const segments = requestPath
    .replace(/(.)\/$/, '$1')
    .toLowerCase()
    .split('/');
  return derivedOnce('declared paths', declaredPaths).find(
    (p) =>
      p.segments.length === segments.length &&
      p.segments.every((s, i) => (s === null ? segments[i] !== '' : s === segments[i])),
  );
}

/** The Allow header of a declared path: its methods, HEAD with GET, and OPTIONS. */
function allowOf(path: DeclaredPath): string {
  const allowed = new Set(path.methods);
  if (allowed.has('GET')) allowed.add('HEAD');
  allowed.add('OPTIONS');
  return [...allowed].join(', ');
}

/**
 * Answers a known API path asked with a method it does not declare: 405 with Allow (OPTIONS:
 * 204 with Allow). Unknown paths go on to the 404 of app.ts. Mounted before the routers, so a
 * method declared on a less specific path (DELETE /users/{userId}) never answers for another.
 */
export const declaredMethods: RequestHandler = (req, res, next) => {
  const path = bestMatch(req.baseUrl + req.path);
  if (!path) return next();
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  if (path.methods.has(method)) return next();
  if (req.method === 'OPTIONS') {
    res.set('Allow', allowOf(path)).status(204).end();
    return;
  }
  next(new DomainError(405, 'Method not allowed.', { Allow: allowOf(path) }));
};
