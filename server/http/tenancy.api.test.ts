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
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * The tenancy walk: every route of /v2/openapi.json, as member, guest, admin and owner, naming
 * another institute's resources, in the path or (on one's own resources) in a body field. Any
 * 2xx fails: another institute's rows are neither shown nor changed nor linked to.
 */
const ROLES = ['member', 'guest', 'admin', 'owner'] as const;

let server: TestServer;
let own: ResourceIds;
let foreign: ResourceIds;
const clients = {} as Record<(typeof ROLES)[number], ApiClient>;

beforeAll(async () => {
  server = await startTestServer();
  const staff = await server.login('staff@example.org');
  const { hospital } = await server.demoInstitutes();
  const elsewhere = await staff.post('/v2/institutes', { name: 'Elsewhere Clinic' });
  own = await seedResources(staff, server.ctx.db, hospital, 'own');
  foreign = await seedResources(staff, server.ctx.db, elsewhere.body.id, 'foreign');
  for (const role of ROLES) clients[role] = await server.login(`${role}@example.org`);
}, 120_000);
afterAll(() => server.stop());

/** Routes with no tenancy to cross: the signed-in user's own account, and the public ones. */
const WITHOUT_TENANCY = new Set(['self', 'public']);

it('answers no 2xx to any role naming another institute’s resources', async () => {
  const leaks: string[] = [];
  const check = (op: WalkOperation, role: string, what: string, res: Answer) => {
    if (res.status >= 200 && res.status < 300) {
      leaks.push(`${label(op)} as ${role} ${what}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  };
  let calls = 0;
  for (const op of await apiOperations(server.api)) {
    if (WITHOUT_TENANCY.has(op.access)) continue;
    for (const role of ROLES) {
      const client = clients[role];
      if (op.pathParams.length > 0) {
        // The other institute's resource in the path, with a body that passes validation.
        const url = urlOf(op, pathValues(op, foreign));
        const body = op.body ? sampleBody(op.body.schema, foreign) : undefined;
        check(op, role, `path ${url}`, await sendBody(client, op, url, body));
        calls++;
      }
      // One's own resource in the path, another institute's id in one body field at a time.
      for (const field of idFields(op.body?.schema)) {
        const base = sampleBody(op.body!.schema, own) as Record<string, unknown>;
        const value = sampleBody(op.body!.schema.properties![field], foreign, field);
        const url = urlOf(op, pathValues(op, own));
        const res = await sendBody(client, op, url, { ...base, [field]: value });
        check(op, role, `${url} with ${field}=${JSON.stringify(value)}`, res);
        calls++;
      }
    }
  }
  expect(calls).toBeGreaterThan(100);
  expect(leaks).toEqual([]);
}, 300_000);
