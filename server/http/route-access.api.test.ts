import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
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

describe('a handler that forgets to authorize', () => {
  const as = (role: AuthUser['role']): AuthUser => ({
    id: 1,
    email: `${role}@example.org`,
    role,
    isStaff: role === 'staff',
    instituteIds: [1],
  });

  it('answers a role the declared action excludes with a 500, not with the data', async () => {
    const router = Router();
    const signedIn: express.RequestHandler = (req, _res, next) => {
      req.user = as(req.headers['x-role'] as AuthUser['role']);
      next();
    };
    route(
      router,
      signedIn,
      {
        method: 'post',
        path: '/v2/forgetful',
        tag: 'test',
        summary: 'Forgets',
        access: 'data:edit',
      },
      async () => ({ done: true }),
    );
    const app = express()
      .use(router)
      .use(errorMiddleware(() => undefined));
    const listening = app.listen(0);
    try {
      const { port } = listening.address() as AddressInfo;
      const call = (role: string) =>
        fetch(`http://localhost:${port}/v2/forgetful`, {
          method: 'POST',
          headers: { 'x-role': role },
        });
      expect((await call('member')).status).toBe(200);
      expect((await call('guest')).status).toBe(500);
    } finally {
      listening.close();
    }
  });
});
