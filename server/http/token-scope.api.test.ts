import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  TOKEN_NOT_FOR_ACCOUNTS,
  TOKEN_READ_ONLY,
  type TokenScope,
} from '../../shared/api/account-tokens';
import type { Answer, ApiClient } from '../../testing/http';
import {
  apiOperations,
  idFields,
  label,
  pathValues,
  sampleBody,
  seedResources,
  sendBody,
  urlOf,
  type ResourceIds,
  type WalkOperation,
} from '../../testing/openapi-walk';
import { seedFiles } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * The personal-access-token walks over /v2/openapi.json: a `read` token is refused every write
 * operation (POST, PUT, PATCH, DELETE) with 403 before anything happens; no token, whatever its
 * scope, reaches the operations that administer accounts, users, sign-in or tokens; and a token
 * bound to one organization gets no 2xx naming another's resources, though its owner is staff.
 */
let server: TestServer;
let own: ResourceIds;
let foreign: ResourceIds;
let staff: ApiClient;

/** Paths that administer accounts, sign-in or tokens: no token may call any of their methods. */
const ACCOUNT_PATHS = /^\/v2\/(account|auth)(\/|$)|\/(mfa|sso)(\/|$)/;

beforeAll(async () => {
  // No sealing on a timer: the test compares every table before and after (keeper.ts).
  server = await startTestServer({ audit: { key: randomBytes(32), keeper: false } });
  staff = await server.login('staff@example.org');
  const { hospital } = await server.demoInstitutes();
  const elsewhere = await staff.post('/v2/institutes', { name: 'Elsewhere Clinic' });
  own = (await seedFiles(staff, await seedResources(staff, server.ctx.db, hospital, 'own'))).ids;
  foreign = await seedResources(staff, server.ctx.db, elsewhere.body.id, 'foreign');
}, 120_000);
afterAll(() => server.stop());

async function tokenClient(scope: TokenScope, institute: number): Promise<ApiClient> {
  const res = await staff.post('/v2/account/tokens', {
    name: `walk ${scope}`,
    scope,
    institute,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(res.status).toBe(201);
  own.token = res.body.id;
  return staff.as(res.body.token);
}

/**
 * Every row of every table but the tokens' own (whose last use a request records), as one
 * digest per table: equal before and after means nothing was written.
 */
async function contents(db: DataSource): Promise<Record<string, string>> {
  const tables = (await db.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name <> 'personal_access_tokens' ORDER BY 1`,
  )) as { name: string }[];
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = (await db.query(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM "${name}" t`,
    )) as { d: string }[];
    digests[name] = row.d;
  }
  return digests;
}

it('refuses every write operation to a read token with 403, changing nothing', async () => {
  const token = await tokenClient('read', own.institute);
  const operations = await apiOperations(server.api);
  const writes = operations.filter((op) => op.method !== 'GET' && op.access !== 'public');
  expect(writes.length).toBeGreaterThan(50);
  const before = await contents(server.ctx.db);
  const wrong: string[] = [];
  for (const op of writes) {
    const url = urlOf(op, pathValues(op, own));
    // A body that validates, and an empty one: the refusal comes before validation either way.
    const bodies = op.body ? [sampleBody(op.body.schema, own), {}] : [undefined];
    for (const body of bodies) {
      const res = await sendBody(token, op, url, body);
      const expected = op.personalTokens ? TOKEN_READ_ONLY : TOKEN_NOT_FOR_ACCOUNTS;
      if (res.status !== 403 || res.body?.detail !== expected) {
        wrong.push(`${label(op)} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
  }
  expect(wrong).toEqual([]);
  expect(await contents(server.ctx.db)).toEqual(before);
  // It still reads.
  expect((await token.get(`/v2/institutes/${own.institute}/labels`)).status).toBe(200);
}, 300_000);

it('keeps every account, user, sign-in and token operation from any token', async () => {
  const token = await tokenClient('read-write', own.institute);
  const operations = await apiOperations(server.api);
  const secured = operations.filter((op) => op.access !== 'public');
  // What the route declarations say: the account paths, and user administration, take no tokens
  // (reading an organization's users is not administering them).
  const declaredWrong = secured
    .filter((op) => {
      const administers =
        ACCOUNT_PATHS.test(op.path) || (op.method !== 'GET' && op.path.includes('/users'));
      return administers && op.personalTokens;
    })
    .map(label);
  expect(declaredWrong).toEqual([]);
  expect(secured.filter((op) => !op.personalTokens).length).toBeGreaterThan(8);

  const wrong: string[] = [];
  for (const op of secured.filter((o) => !o.personalTokens)) {
    const url = urlOf(op, pathValues(op, own));
    const body = op.body ? sampleBody(op.body.schema, own) : undefined;
    const res = await sendBody(token, op, url, body);
    if (res.status !== 403 || res.body?.detail !== TOKEN_NOT_FOR_ACCOUNTS) {
      wrong.push(`${label(op)} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
  expect(wrong).toEqual([]);
}, 300_000);

it('gives a token of staff, bound to one organization, no 2xx naming another’s resources', async () => {
  const token = await tokenClient('read-write', own.institute);
  const leaks: string[] = [];
  const check = (op: WalkOperation, what: string, res: Answer) => {
    if (res.status >= 200 && res.status < 300) {
      leaks.push(`${label(op)} ${what}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  };
  let calls = 0;
  for (const op of await apiOperations(server.api)) {
    if (!op.personalTokens) continue;
    if (op.pathParams.length > 0) {
      const url = urlOf(op, pathValues(op, foreign));
      const body = op.body ? sampleBody(op.body.schema, foreign) : undefined;
      const res = await sendBody(token, op, url, body);
      check(op, `path ${url}`, res);
      calls++;
    }
    for (const field of idFields(op.body?.schema)) {
      const base = sampleBody(op.body!.schema, own) as Record<string, unknown>;
      const value = sampleBody(op.body!.schema.properties![field], foreign, field);
      const url = urlOf(op, pathValues(op, own));
      check(
        op,
        `${url} with ${field}`,
        await sendBody(token, op, url, { ...base, [field]: value }),
      );
      calls++;
    }
  }
  expect(calls).toBeGreaterThan(50);
  expect(leaks).toEqual([]);
  // The other organization's own page, as its members see it: not found.
  const res = await token.get(`/v2/institutes/${foreign.institute}`);
  expect(res.status).toBe(404);
}, 300_000);
