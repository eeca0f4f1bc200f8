import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { z } from 'zod';
import { PERMISSIONS } from '../../shared/domain/roles';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { AuthUser } from '../auth/auth-user';
import { errorMiddleware } from './error-middleware';
import { route } from './route';

const ACCESS = new Set<string>([...Object.keys(PERMISSIONS), 'read', 'self', 'public']);

describe('the permission of every endpoint', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('is documented in the OpenAPI document, public exactly when no token is asked', async () => {
    const doc = (await server.api.get('/v2/openapi.json')).body;
    const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(60);
    for (const { path, method, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect({ where, access: ACCESS.has(op['x-permission']) }).toEqual({ where, access: true });
      const isPublic = op['x-permission'] === 'public';
      expect({ where, secured: op.security.length > 0 }).toEqual({ where, secured: !isPublic });
    }
    expect(doc.paths['/v2/records/{id}'].patch['x-permission']).toBe('data:edit');
    expect(doc.paths['/v2/auth/token'].post['x-permission']).toBe('public');
  });
});

const as = (role: AuthUser['role']): AuthUser => ({
  id: 1,
  email: `${role}@example.org`,
  role,
  isStaff: role === 'staff',
  instituteIds: [1],
});

/** Signs the request in as the role named by `x-role` (member by default). */
const signedIn: express.RequestHandler = (req, _res, next) => {
  req.user = as((req.headers['x-role'] as AuthUser['role'] | undefined) ?? 'member');
  next();
};

/** The router in an app of its own, on a free port, for the calls of `use`. */
async function withApp(router: Router, use: (base: string) => Promise<void>) {
  const app = express()
    .use(router)
    .use(errorMiddleware({ info: () => undefined, error: () => undefined }));
  const listening = app.listen(0);
  try {
    await use(`http://localhost:${(listening.address() as AddressInfo).port}`);
  } finally {
    listening.close();
  }
}

describe('a handler that forgets to authorize', () => {
  it('answers a role the declared action excludes with a 500, not with the data', async () => {
    const router = Router();
    route(
      router,
      signedIn,
      {
        method: 'post',
        path: '/v2/forgetful',
        tag: 'test',
        summary: 'Forgets',
        access: 'data:edit',
        response: z.object({ done: z.boolean() }),
      },
      async () => ({ done: true }),
    );
    await withApp(router, async (base) => {
      const call = (role: string) =>
        fetch(`${base}/v2/forgetful`, { method: 'POST', headers: { 'x-role': role } });
      expect((await call('member')).status).toBe(200);
      expect((await call('guest')).status).toBe(500);
    });
  });
});

describe('an answer the declaration does not describe', () => {
  it('is a 500: a body where none is declared, or none where one is', async () => {
    const router = Router();
    const declare = (path: string, response: z.ZodType | undefined, answer: unknown) =>
      route(
        router,
        signedIn,
        { method: 'get', path, tag: 'test', summary: 'Says', access: 'read', response },
        async () => answer,
      );
    declare('/v2/undeclared-body', undefined, { surprise: true });
    declare('/v2/missing-body', z.object({ done: z.boolean() }), undefined);
    declare('/v2/as-declared', undefined, undefined);
    await withApp(router, async (base) => {
      const status = async (path: string) => (await fetch(base + path)).status;
      expect(await status('/v2/undeclared-body')).toBe(500);
      expect(await status('/v2/missing-body')).toBe(500);
      expect(await status('/v2/as-declared')).toBe(204);
    });
  });
});
