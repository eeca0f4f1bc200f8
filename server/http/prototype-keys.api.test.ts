import type { ApiClient, Answer } from '../../testing/http';
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * Prototype keys sent as every query parameter and body field of every route must never change
 * how the server answers anyone else: a single `ordering=__proto__` once polluted
 * Object.prototype and turned every later request of every user into a 500.
 */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: string[];
  media?: string;
}

let server: TestServer;
let staff: ApiClient;
let hospital: number;

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.login('staff@example.org');
  ({ hospital } = await server.demoInstitutes());
});
afterAll(() => server.stop());

/** Every operation of the server's own OpenAPI document, with its query and body field names. */
async function operations(): Promise<Operation[]> {
  const doc = (await server.api.get('/v2/openapi.json')).body as {
    paths: Record<string, Record<string, any>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const media = Object.keys(content)[0];
      return {
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? [])
          .filter((p: { in: string }) => p.in === 'query')
          .map((p: { name: string }) => p.name),
        body: Object.keys(content[media]?.schema?.properties ?? {}),
        media,
      };
    }),
  );
}

/**
 * Reads go to the demo hospital's real rows so their filters and orderings run; writes go to ids
 * that do not exist, so the walk changes nothing it would have to undo.
 */
const pathFor = (op: Operation) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    op.method === 'GET' ? (name === 'label' ? 'VQC-0001' : String(hospital)) : '999999',
  );

function send(op: Operation, query: string, body?: Record<string, unknown>): Promise<Answer> {
  const url = pathFor(op) + (query ? `?${query}` : '');
  if (op.method === 'GET' || op.method === 'DELETE') return staff.request(op.method, url);
  if (op.media === 'multipart/form-data') {
    const form = new FormData();
    for (const [k, v] of Object.entries(body ?? {})) form.append(k, String(v));
    return staff.request(op.method, url, { body: form });
  }
  if (op.media === 'application/x-www-form-urlencoded') {
    return staff.request(op.method, url, {
      body: new URLSearchParams(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])),
    });
  }
  // Raw JSON, so `__proto__` arrives as an own key, exactly as a hostile client would send it.
  const json = body
    ? `{${Object.entries(body)
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
        .join(',')}}`
    : '{}';
  return staff.request(op.method, url, {
    body: json,
    headers: { 'Content-Type': 'application/json' },
  });
}

it('answers prototype keys in any parameter with a 4xx or a normal answer, and stays healthy for everyone', async () => {
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  const failures: string[] = [];
  const check = (op: Operation, what: string, res: Answer) => {
    if (res.status >= 500) failures.push(`${op.method} ${op.path} ${what}: ${res.status}`);
  };

  for (const op of await operations()) {
    for (const value of PROTOTYPE_KEYS) {
      for (const name of op.query) {
        const res = await send(op, `${encodeURIComponent(name)}=${value}`);
        check(op, `?${name}=${value}`, res);
        if (name === 'ordering' && res.status < 400) {
          failures.push(`${op.method} ${op.path} ?ordering=${value}: ${res.status}, not refused`);
        }
      }
      if (op.media) {
        const fields = Object.fromEntries(op.body.map((f) => [f, value]));
        check(op, `body fields = ${value}`, await send(op, '', fields));
        // The keys themselves, holding objects that would pollute if merged anywhere.
        const keys = {
          [value]: { polluted: true },
          constructor: { prototype: { polluted: true } },
        };
        check(op, `body key ${value}`, await send(op, '', keys));
      }
    }
  }

  expect(failures).toEqual([]);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();

  // Another user can still sign in and list their records.
  const member = await server.login('member@example.org');
  const list = await member.get(`/v2/institutes/${hospital}/records?ordering=-date`);
  expect(list.status).toBe(200);
  expect(list.body).toMatchObject({ items: expect.any(Array), total: expect.any(Number) });
});

it.each(['constructor', 'toString', '-hasOwnProperty', '__proto__'])(
  'refuses ordering=%s on a list with a 422 naming the allowed fields',
  async (ordering) => {
    const res = await staff.get(`/v2/institutes/${hospital}/records?ordering=${ordering}`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'ordering'] });
    expect(res.body.detail[0].msg).toContain('Use one of: id, date');
  },
);
