import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorBody } from '../../shared/api/common';
import { readFixture } from '../../shared/vial/testing/fixtures';
import { ROLES, type Role } from '../../shared/domain/roles';
import type { Answer, ApiClient } from '../../testing/http';
import {
  apiOperations,
  callers,
  label,
  multipartForm,
  pathValues,
  sampleBody,
  seedResources,
  sendBody,
  urlOf,
  type ResourceIds,
  type WalkOperation,
} from '../../testing/openapi-walk';
import { runForm, seedFiles } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { DEMO_PASSWORD } from '../demo/seed';
import { declaredOperations, type Operation } from './openapi';

/**
 * The conformance walk: every operation of /v2/openapi.json, called as each role that may call
 * it (and anonymously), with a body its schema accepts and the ids of real resources. Every
 * answer must have a documented status, a success its documented body (validated with the very
 * zod schema the route declares) or media type, a refusal `{detail}`, and every API answer a
 * Cache-Control that keeps personal data out of caches.
 */
let server: TestServer;
let ids: ResourceIds;
let refreshToken: string;
const clients = {} as Record<Role | 'anonymous', ApiClient>;
let run: Awaited<ReturnType<typeof seedFiles>>['run'];

beforeAll(async () => {
  server = await startTestServer({ desktopDownloads: { dir: releaseFolder(), url: undefined } });
  const staff = await server.login('staff@example.org');
  const { hospital } = await server.demoInstitutes();
  const seeded = await seedResources(staff, server.ctx.db, hospital, 'conformance');
  ({ ids, run } = await seedFiles(staff, seeded));
  ids.installer = INSTALLER;
  // A token of staff, who call DELETE /v2/account/tokens/{id} last: the others are answered 404.
  ids.token = (
    await staff.post('/v2/account/tokens', {
      name: 'Walk',
      scope: 'read',
      institute: hospital,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
  ).body.id;
  for (const role of ROLES) clients[role] = await server.login(`${role}@example.org`);
  clients.anonymous = server.api;
  const tokens = await server.api.form('/v2/auth/token', {
    username: 'member@example.org',
    password: DEMO_PASSWORD,
  });
  refreshToken = tokens.body.refresh_token;
}, 120_000);
afterAll(() => server.stop());

/** A folder of desktop installers with one in it, so /v2/downloads/{file} has one to serve. */
const INSTALLER = 'VialQC-1.4.0.AppImage';
function releaseFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-conformance-release-'));
  fs.writeFileSync(path.join(dir, INSTALLER), 'appimage');
  return dir;
}

let walkCalls = 0;
/** A text no earlier call of the walk sent. */
const walkText = () => `Walk ${++walkCalls}`;

/** Bodies that must name real things to be answered with a success. */
const BODIES: Record<string, () => unknown> = {
  'POST /v2/auth/token': () => ({ username: 'member@example.org', password: DEMO_PASSWORD }),
  'POST /v2/auth/refresh': () => ({ refresh: refreshToken }),
  'POST /v2/institutes/{id}/users/invite': () => ({ email: 'invited@example.org' }),
  'POST /v2/vials/create-diff': () => ({ label: ids.vial }),
  // The file the walk's own upload attached (kept.pdf stays for the download).
  'POST /v2/contracts/{id}/files': () => ({ filenames: ['walk.pdf'] }),
  // Each call changes something, so that each leaves its entry in the audit trail.
  'POST /v2/auth/request-password-reset': () => ({ email: 'member@example.org' }),
  'PATCH /v2/labels/{id}': () => ({ label: walkText() }),
  'PATCH /v2/lines/{id}': () => ({ description: walkText() }),
  'PATCH /v2/validations/{id}': () => ({ name: walkText() }),
  'PATCH /v2/comparison-studies/{id}': () => ({ name: walkText() }),
  // The seeded exclusion is for every analyte: this one names one (each analyte once).
  'POST /v2/comparison-studies/{id}/exclusions': () => ({
    clinical_data: ids.clinicalData,
    analyte: (['h_index', 'ldh', 'asat', 'potassium', 'pfhb'] as const)[++walkCalls % 5],
    reason: walkText(),
  }),
  'PATCH /v2/contracts/{id}': () => ({ title: walkText() }),
  'PATCH /v2/hemolysis-index-data/{id}': () => ({ title: walkText() }),
  // A recompute leaves an entry only when a record's rejection changes (issue 44): a new LDH.
  'PATCH /v2/clinical-data/{id}': () => ({ ldh: ++walkCalls }),
  // Below any analyzer threshold, and another cut-off each call (each leaves its entry).
  'PUT /v2/institutes/{id}/lab-feed/settings': () => ({
    comment_above: { potassium: ((++walkCalls % 50) + 1) / 100, ldh: null, asat: null },
  }),
  'PATCH /v2/hemolysis-index-data/{id}/measurements/{mid}': () => ({ value: ++walkCalls }),
  // A new code each call (a code is mapped once); the seeded rejected message stays rejected.
  'POST /v2/institutes/{id}/lab-feed/locations': () => ({ code: walkText(), line: ids.line }),
  'POST /v2/institutes/{id}/lab-feed/codes': () => ({
    system: 'L',
    code: walkText(),
    analyte: 'h_index',
  }),
  'PATCH /v2/lab-feed/locations/{id}': () => ({ code: walkText() }),
  'PATCH /v2/lab-feed/codes/{id}': () => ({ code: walkText() }),
  'POST /v2/institutes/{id}/lab-feed/messages/retry': () => ({ ids: [ids.labFeedMessage] }),
  'PATCH /v2/institutes/{id}': () => ({ total_lines: ++walkCalls }),
  // Switched on by the first role allowed (its entry), so the benchmarks routes after it answer.
  'PUT /v2/institutes/{id}/benchmarking': () => ({ opt_in: true }),
  'PATCH /v2/vials/{label}': () => ({ notes: walkText() }),
  'PATCH /v2/records/{id}': () => ({ exclude: ++walkCalls % 2 === 0 }),
  'POST /v2/institutes/{id}/records/bulk': () => ({
    ids: [ids.record],
    exclude: ++walkCalls % 2 === 0,
  }),
  'PUT /v2/institutes/{id}/notification-settings': () => ({
    vial_silent: { in_app: ++walkCalls % 2 === 0, email: 'off' },
  }),
  'POST /v2/account/tokens': () => ({
    name: 'Walk',
    scope: 'read',
    institute: ids.institute,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  }),
};

/** Successes out of the walk's reach: they need the one-time token an e-mail carries. */
const UNREACHED = [
  'POST /v2/auth/reset-password',
  // A sign-in through a provider: its one-time code, and an e-mail of a domain one covers
  // (server/routes/sso/sso.api.test.ts).
  'POST /v2/auth/sso/exchange',
  'GET /v2/auth/sso/discover',
  // A domain's proof: its TXT record at a DNS server, or a claim for staff to approve
  // (server/routes/sso/sign-in-policy.api.test.ts, with a DNS server on loopback).
  'POST /v2/institutes/{id}/sso/domains/{domain}/verify',
  'POST /v2/institutes/{id}/sso/domains/{domain}/approve',
  // Saving runs the provider's discovery, which reaches only a public https host (or a loopback
  // one where SSO_ALLOW_HTTP_LOOPBACK allows): the walk's issuer is neither. sso.api.test.ts and
  // issuer.api.test.ts save against a real OpenID provider on loopback.
  'PUT /v2/institutes/{id}/sso',
  'GET /v2/auth/register/{token}',
  'POST /v2/auth/register',
  // The walk approves the seeded study before the deletions (run last), and an approved study
  // cannot be changed (409); comparison-studies.api.test.ts deletes drafts and exclusions.
  'DELETE /v2/comparison-studies/{id}',
  'DELETE /v2/comparison-studies/{id}/exclusions/{exclusion_id}',
  // Exactly one of analyte and hi_above, neither required alone: the walk sends the required
  // parameters only (422); lab-outcomes.api.test.ts answers it.
  'GET /v2/institutes/{id}/lab-feed/before-after',
  // A message is HL7 v2 text or a FHIR Bundle of its own media type, not a JSON body of the
  // document: lab-feed-hl7.api.test.ts and lab-feed-fhir.api.test.ts send section 10's examples.
  'POST /v2/institutes/{id}/lab-feed/hl7',
  'POST /v2/institutes/{id}/lab-feed/fhir',
];
/** Successes that need a code of an authenticator app (second-factor.api.test.ts has them). */
const NEED_A_CODE = [
  'POST /v2/auth/mfa',
  'POST /v2/account/mfa/totp/confirm',
  'DELETE /v2/account/mfa/totp',
];

/**
 * Writes that change nothing the audit trail keeps. Every other write the walk makes must leave
 * an entry naming its caller, at least once over the roles (a second, identical PATCH changes
 * nothing and leaves none).
 */
const UNAUDITED = [
  // A session's refresh: its sign-in was recorded.
  'POST /v2/auth/refresh',
  // Which of one's organizations the app shows first: a preference, not a change of data.
  'PUT /v2/auth/account/organization',
  // One's own notifications marked as read.
  'POST /v2/notifications/read-all',
  'POST /v2/notifications/{id}/read',
  // A message to support by e-mail.
  'POST /v2/support/contact',
  // The walk uploads a run seen before (200: nothing added); a new upload's entry is tested in
  // server/domain/audit/audit-trail.api.test.ts.
  'POST /v2/institutes/{id}/record-upload',
  // A computation (the pairs a study needs): nothing is written.
  'POST /v2/comparison-studies/sample-size',
  // What new analyzer thresholds would change, before they are saved: nothing is written.
  'POST /v2/institutes/{id}/analyzer/preview',
];

const lastAuditEntry = async (): Promise<number> =>
  Number((await server.ctx.db.query(`SELECT coalesce(max(id), 0) AS id FROM audit_events`))[0].id);

/** Whether an entry naming the caller (or anyone, for an anonymous call) came after `since`. */
async function audited(since: number, role: Role | 'anonymous'): Promise<boolean> {
  const [{ count }] = await server.ctx.db.query(
    `SELECT count(*)::int AS count FROM audit_events
      WHERE id > $1 AND ($2::text IS NULL OR actor_email = $2)`,
    [since, role === 'anonymous' ? null : `${role}@example.org`],
  );
  return count > 0;
}

/** A multipart body that validates (a record upload: a real run file of a known vial). */
function sendMultipart(client: ApiClient, op: WalkOperation, url: string): Promise<Answer> {
  const form = op.path.endsWith('/record-upload')
    ? runForm(readFixture(run.file), run.vial_uuid)
    : multipartForm(op, ids);
  return client.request(op.method, url, { body: form });
}

/** What is wrong with an answer, as the document describes the operation; null if nothing. */
function mismatch(declared: Operation, res: Answer): string | null {
  if (!declared.statuses.includes(res.status)) return `undocumented status ${res.status}`;
  const cacheControl = res.headers.get('cache-control') ?? '';
  if (!/no-store|no-cache/.test(cacheControl)) return `Cache-Control "${cacheControl}"`;
  if (res.status >= 400) {
    return errorBody.safeParse(res.body).success ? null : 'refusal without {detail}';
  }
  if (res.status === 302) return res.headers.get('location') ? null : 'a 302 without Location';
  if (res.status === 204 || res.status === 304) {
    return res.body === undefined ? null : `a ${res.status} with a body`;
  }
  if (declared.response) {
    const parsed = declared.response.safeParse(res.body);
    return parsed.success ? null : `body: ${parsed.error.message.slice(0, 400)}`;
  }
  const type = res.headers.get('content-type')?.split(';')[0] ?? '';
  return declared.download?.includes(type) ? null : `content type ${type}`;
}

it('keeps every API answer of every GET route out of shared and lasting caches', async () => {
  const member = clients.member;
  const seen: string[] = [];
  for (const op of await apiOperations(server.api)) {
    if (op.method !== 'GET') continue;
    const res = await member.get(urlOf(op, pathValues(op, ids)));
    const cacheControl = res.headers.get('cache-control') ?? '(none)';
    // Personal data: never stored, or kept privately and revalidated (ETag) before any use.
    const kept = /\bno-store\b/.test(cacheControl) || /\bno-cache\b/.test(cacheControl);
    const shared = /\bpublic\b/.test(cacheControl) && op.path !== '/v2/openapi.json';
    if (!kept || shared) seen.push(`${label(op)} ${res.status}: ${cacheControl}`);
  }
  expect(seen).toEqual([]);
});

/** Deletions last, the widest (an institute) at the very end: the walk keeps its fixtures. */
const order = (op: WalkOperation) =>
  op.method === 'DELETE' ? 1_000 - op.path.split('/').length : 0;

it('answers every declared operation as the document says, as every role', async () => {
  const declared = new Map(
    declaredOperations().map((o) => [
      `${o.method.toUpperCase()} ${o.path.replace(/:(\w+)/g, '{$1}')}`,
      o,
    ]),
  );
  const operations = (await apiOperations(server.api)).sort((a, b) => order(a) - order(b));
  expect(operations.length).toBe(declared.size);
  const mismatches: string[] = [];
  const succeeded = new Set<string>();
  const writes = new Set<string>();
  const auditedWrites = new Set<string>();
  for (const op of operations) {
    const operation = declared.get(label(op))!;
    // Lower roles first: a deletion by staff must not hide what the others are answered.
    for (const role of callers(op)) {
      const client = clients[role];
      const query = op.query
        .filter((p) => p.required)
        .map((p): [string, string] => [p.name, String(sampleBody(p.schema, ids, p.name))]);
      const url = urlOf(op, pathValues(op, ids), query);
      const body =
        BODIES[label(op)]?.() ??
        (op.body && sampleBody(op.body.schema, ids, '', { optionalBooleans: true }));
      const lastEntry = await lastAuditEntry();
      const res =
        op.body?.media === 'multipart/form-data'
          ? await sendMultipart(client, op, url)
          : await sendBody(client, op, url, body);
      const problem = mismatch(operation, res);
      if (problem) {
        mismatches.push(`${label(op)} as ${role}: ${problem} ${JSON.stringify(res.body)}`);
      }
      if (res.status < 300 || res.status === 302) succeeded.add(label(op));
      if (op.method !== 'GET' && res.status < 300) {
        writes.add(label(op));
        if (await audited(lastEntry, role)) auditedWrites.add(label(op));
      }
      if (role === 'anonymous' && op.access !== 'public') expect(res.status).toBe(401);
    }
  }
  expect(mismatches).toEqual([]);
  // Every write that succeeded left its entry in the audit trail, naming who did it.
  expect([...writes].filter((op) => !auditedWrites.has(op) && !UNAUDITED.includes(op))).toEqual([]);
  // The walk proves something only where it reaches the answer with a body.
  expect(
    operations
      .filter((op) => !succeeded.has(label(op)))
      .map(label)
      .sort(),
  ).toEqual([...UNREACHED, ...NEED_A_CODE].sort());
}, 120_000);
