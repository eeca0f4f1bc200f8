import fc from 'fast-check';
import type { Answer, ApiClient } from '../../testing/http';
import {
  apiOperations,
  label,
  pathValues,
  sendBody,
  urlOf,
  type ResourceIds,
  type WalkOperation,
} from '../../testing/openapi-walk';
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * The hostile-input walk: every route of /v2/openapi.json, as every role, with generated
 * hostile values for each path parameter, query parameter and body field (wrong types, huge
 * strings, boundary numbers, prototype keys, bad dates, NUL characters, arrays, nulls, nested
 * objects). Any 5xx, and any error answer without `detail`, fails. A fixed seed and a bounded
 * number of runs per route keep `npm test` short; `FUZZ_RUNS=500 FUZZ_SEED=7 npx jest
 * hostile-input` walks longer or elsewhere.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 25);
const SEED = Number(process.env.FUZZ_SEED || 14);
const ROLES = ['staff', 'owner', 'admin', 'member', 'guest'] as const;

let server: TestServer;
const clients = {} as Record<(typeof ROLES)[number] | 'anonymous', ApiClient>;
let ids: ResourceIds;

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) clients[role] = await server.login(`${role}@example.org`);
  clients.anonymous = server.api;
  const { hospital } = await server.demoInstitutes();
  const db = server.ctx.db;
  const first = async (sql: string) => ((await db.query(sql)) as { id: number }[])[0]?.id ?? 1;
  ids = {
    institute: hospital,
    user: await first(`SELECT id FROM users WHERE email = 'member@example.org'`),
    line: await first('SELECT id FROM lines ORDER BY id LIMIT 1'),
    label: await first('SELECT id FROM labels ORDER BY id LIMIT 1'),
    record: await first('SELECT id FROM records ORDER BY id LIMIT 1'),
    validation: await first('SELECT id FROM validations ORDER BY id LIMIT 1'),
    comment: await first('SELECT id FROM comments ORDER BY id LIMIT 1'),
    report: await first('SELECT id FROM reports ORDER BY id LIMIT 1'),
    vial: 'VQC-0001',
    contract: await first('SELECT id FROM contracts ORDER BY id LIMIT 1'),
    clinicalData: await first('SELECT id FROM clinical_data ORDER BY id LIMIT 1'),
    hemolysisData: await first('SELECT id FROM hemolysis_data ORDER BY id LIMIT 1'),
    measurement: await first('SELECT id FROM hemolysis_measurements ORDER BY id LIMIT 1'),
  };
}, 120_000);
afterAll(() => server.stop());

const HOSTILE_TEXT = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '-hasOwnProperty',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '-1',
  '0',
  '1.5',
  '2147483647',
  '2147483648',
  '-2147483649',
  '99999999999',
  '9007199254740993',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '9999-12-31',
  '0000-00-00',
  '2024-02-30',
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '1,2,99999999999',
  'unlabeled,2147483648',
  'null',
  'true',
  '[]',
  '{}',
  '../../../etc/passwd',
  "' OR 1=1 --",
  '\ud800',
  '😀'.repeat(50),
];

/**
 * Values for any field or parameter: the words above, numbers at the edges, odd shapes. Bodies
 * also get a 300 kB string; a URL stays within the 16 kB Node's HTTP parser reads (it answers a
 * longer one with a bare 431 before the app sees the request).
 */
const hostileOf = (longest: number): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
      { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 1, arbitrary: fc.constantFrom('x'.repeat(2_000), 'y'.repeat(longest)) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          0,
          -1,
          1.5,
          2147483647,
          2147483648,
          -2147483649,
          Number.MAX_SAFE_INTEGER,
          1e308,
          -1e308,
          5e-324,
        ),
      },
      { weight: 1, arbitrary: fc.integer() },
      { weight: 1, arbitrary: fc.double() },
      { weight: 1, arbitrary: fc.boolean() },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
      {
        weight: 1,
        arbitrary: fc.dictionary(
          fc.constantFrom('__proto__', 'constructor', 'a', 'id', 'toString'),
          tie('value'),
          { maxKeys: 3 },
        ),
      },
    ),
  })).value;
const hostile = hostileOf(3_000);
const hostileBodyValue = hostileOf(300_000);

/** Query and path parameters are text: arrays become repeated parameters. */
const asParams = (name: string, v: unknown): [string, string][] =>
  Array.isArray(v)
    ? v.map((x) => [name, typeof x === 'string' ? x : JSON.stringify(x)])
    : [[name, typeof v === 'string' ? v : JSON.stringify(v)]];

interface Case {
  role: keyof typeof clients;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function caseOf(op: WalkOperation): fc.Arbitrary<Case> {
  const real = pathValues(op, ids);
  const pathArb = fc.record(
    Object.fromEntries(
      op.pathParams.map((p) => [
        p.name,
        // Writes never name real rows here (the walk must not delete its own fixtures).
        op.method === 'DELETE' ? hostile : fc.oneof(fc.constant(real[p.name]), hostile),
      ]),
    ),
  );
  const queryArb = fc.record(Object.fromEntries(op.query.map((p) => [p.name, hostile])), {
    requiredKeys: [],
  });
  const fields = Object.keys(op.body?.schema.properties ?? {});
  const bodyArb = op.body
    ? fc.oneof(
        {
          weight: 5,
          arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f, hostileBodyValue])), {
            requiredKeys: [],
          }),
        },
        { weight: 1, arbitrary: hostileBodyValue },
        { weight: 1, arbitrary: fc.constantFrom('{"a":', '[1,2', '"\\u0000"', 'null', '') },
      )
    : fc.constant(undefined);
  return fc.record({
    role: fc.constantFrom(...ROLES, 'anonymous' as const),
    path: pathArb,
    query: queryArb,
    body: bodyArb,
  });
}

async function send(op: WalkOperation, c: Case): Promise<Answer> {
  const path = Object.fromEntries(
    Object.entries(c.path).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const query = Object.entries(c.query).flatMap(([k, v]) => asParams(k, v));
  return sendBody(clients[c.role], op, urlOf(op, path, query), c.body);
}

const problem = (res: Answer): string | null => {
  if (res.status >= 500) return `answered ${res.status}: ${JSON.stringify(res.body)}`;
  if (res.status >= 400) {
    const body = res.body as { detail?: unknown } | undefined;
    if (!body || typeof body !== 'object' || body.detail === undefined) {
      return `answered ${res.status} without detail: ${JSON.stringify(res.body)}`;
    }
  }
  return null;
};

it(
  'answers hostile input on every route, as every role, without a 5xx and with a detail',
  async () => {
    const failures: string[] = [];
    for (const op of await apiOperations(server.api)) {
      const result = await fc.check(
        fc.asyncProperty(caseOf(op), async (c) => {
          const res = await send(op, c);
          const p = problem(res);
          if (p) throw new Error(p);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        const example = JSON.stringify(result.counterexample?.[0])?.slice(0, 400);
        const error = String((result.errorInstance as Error | undefined)?.message).slice(0, 300);
        failures.push(`${label(op)} ${example} → ${error}`);
      }
    }
    expect(failures).toEqual([]);
    // And nobody else noticed: a login and a list still work (once the walk's own failed logins
    // from this address are forgotten).
    await server.ctx.db.query('DELETE FROM auth_attempts');
    const member = await server.login('member@example.org');
    expect((await member.get(`/v2/institutes/${ids.institute}/records`)).status).toBe(200);
  },
  15 * 60_000,
);
