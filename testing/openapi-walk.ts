import type { DataSource } from 'typeorm';
import { allows, ROLES, type Action, type Role } from '../shared/domain/roles';
import type { Answer, ApiClient } from './http';
import { insertProcessedRecords } from './lines';

/**
 * The routes of the server's own /v2/openapi.json, for the walk tests (hostile input, tenancy,
 * guests): a route added to any router is walked without editing them.
 */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  description?: string;
}

export interface WalkParam {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface WalkOperation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** OpenAPI form, e.g. `/v2/records/{id}`. */
  path: string;
  /** The declared access: an action of the role matrix, 'read', 'self' or 'public'. */
  access: string;
  pathParams: WalkParam[];
  query: WalkParam[];
  body?: { media: string; schema: JsonSchema };
  /** Whether a personal access token may call it (`x-personal-tokens`; false when public). */
  personalTokens: boolean;
}

export const label = (op: Pick<WalkOperation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** Who calls an operation: the roles its access allows (lowest first), then anonymous. */
export function callers(op: WalkOperation): (Role | 'anonymous')[] {
  if (op.access === 'public') return ['anonymous'];
  const any = op.access === 'read' || op.access === 'self';
  return [...ROLES.filter((r) => any || allows(r, op.access as Action)), 'anonymous'];
}

export async function apiOperations(api: ApiClient): Promise<WalkOperation[]> {
  const doc = (await api.get('/v2/openapi.json')).body as {
    paths: Record<string, Record<string, any>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): WalkOperation => {
      const params = (op.parameters ?? []) as (WalkParam & { in: string })[];
      const content = (op.requestBody?.content ?? {}) as Record<string, { schema: JsonSchema }>;
      const media = Object.keys(content)[0];
      return {
        method: method.toUpperCase() as WalkOperation['method'],
        path,
        access: op['x-permission'],
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        body: media ? { media, schema: content[media].schema } : undefined,
        personalTokens: op['x-personal-tokens'] === true,
      };
    }),
  );
}

/**
 * Every GET route of the document as [label, URL], with the seeded resources in its path (`extra`
 * names further path parameters) and its required query parameters filled in.
 */
/**
 * The routes that read the audit trail. Every export the walk downloads adds an entry to it, so
 * two installations' answers there differ by the walk itself: compare those rows directly.
 */
export const readsAuditTrail = (path: string) => /\/audit-events|\/history\b/.test(path);

export async function getRoutes(api: ApiClient, ids: ResourceIds): Promise<[string, string][]> {
  const gets = (await apiOperations(api)).filter(
    (op) => op.method === 'GET' && !readsAuditTrail(op.path),
  );
  return gets.map((op) => {
    const query = op.query
      .filter((p) => p.required)
      .map((p): [string, string] => [p.name, String(sampleBody(p.schema, ids, p.name))]);
    return [label(op), urlOf(op, pathValues(op, ids), query)];
  });
}

/** What a route answers: status, media type and the body (parsed JSON, or the exact bytes). */
export async function exactAnswer(client: ApiClient, url: string) {
  const res = await fetch(client.baseUrl + url, {
    headers: { Authorization: `Bearer ${client.token}` },
  });
  const type = res.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await res.arrayBuffer());
  const body: unknown = type.includes('application/json')
    ? JSON.parse(bytes.toString('utf8'))
    : bytes;
  return { status: res.status, type, body };
}

/** The exact answer of each route, by its label (compare two installations byte for byte). */
export async function exactAnswers(client: ApiClient, routes: [string, string][]) {
  const answers: Record<string, Awaited<ReturnType<typeof exactAnswer>>> = {};
  for (const [name, url] of routes) answers[name] = await exactAnswer(client, url);
  return answers;
}

/**
 * A draft comparison study's figures are computed on request and say when (`computed_at`, and
 * the report's "Figures computed" line and PDF dates): the same data, a later time. Those answers
 * are compared without that time: the rest of the results exactly, the report as a PDF (its
 * compressed size moves with the time's text).
 */
type Answers = Awaited<ReturnType<typeof exactAnswers>>;
export function withoutMakingTime(answers: Answers): Answers {
  const results = answers['GET /v2/comparison-studies/{id}/results'];
  const report = answers['GET /v2/comparison-studies/{id}/report'];
  return {
    ...answers,
    ...(results && {
      'GET /v2/comparison-studies/{id}/results': {
        ...results,
        body: { ...(results.body as object), computed_at: 'on request' },
      },
    }),
    ...(report && {
      'GET /v2/comparison-studies/{id}/report': {
        ...report,
        body: (report.body as Buffer).subarray(0, 5).toString('latin1'),
      },
    }),
  };
}

/** A URL of the operation with the path parameters given (encoded) and a query string. */
export function urlOf(
  op: WalkOperation,
  pathValues: Record<string, string>,
  query: [string, string][] = [],
): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(wellFormed(pathValues[name] ?? '1')),
  );
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Sends the body as the operation's media type: JSON as raw text (so keys such as `__proto__`
 * arrive as own keys), form fields and multipart fields as text.
 */
export function sendBody(
  client: ApiClient,
  op: WalkOperation,
  url: string,
  body: unknown,
): Promise<Answer> {
  if (!op.body || op.method === 'GET' || op.method === 'DELETE') {
    return client.request(op.method, url);
  }
  const fields = (): [string, string][] =>
    body && typeof body === 'object' && !Array.isArray(body)
      ? Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])
      : [];
  if (op.body.media === 'multipart/form-data') {
    const form = new FormData();
    for (const [k, v] of fields()) form.append(k, v);
    return client.request(op.method, url, { body: form });
  }
  if (op.body.media === 'application/x-www-form-urlencoded') {
    return client.request(op.method, url, { body: new URLSearchParams(fields()) });
  }
  return client.request(op.method, url, {
    body: typeof body === 'string' ? body : rawJson(body),
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Sample files for the media types a multipart field takes. */
const SAMPLE_FILES: Record<string, { name: string; bytes: string }> = {
  'application/pdf': { name: 'walk.pdf', bytes: '%PDF-1.4\n%walk\n' },
  // A hemolysis-index export and a clinical data import alike (each ignores the other's column).
  'text/csv': {
    name: 'walk.csv',
    bytes: 'timestamp,h_index,date\n2025-01-06T08:00:00Z,12,2025-01-06\n',
  },
};

/**
 * A multipart body of the operation: the given text fields (by default those its schema
 * requires, as sampleBody makes them) and, for each binary field, a file of a type it takes.
 */
export function multipartForm(
  op: WalkOperation,
  ids: ResourceIds,
  fields: Record<string, unknown> = sampleBody(op.body!.schema, ids) as Record<string, unknown>,
): FormData {
  const properties = op.body!.schema.properties ?? {};
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (properties[name]?.format !== 'binary') form.append(name, String(value));
  }
  for (const [name, prop] of Object.entries(properties)) {
    if (prop.format !== 'binary') continue;
    const type = Object.keys(SAMPLE_FILES).find((t) => prop.description?.includes(t));
    const file = SAMPLE_FILES[type ?? ''] ?? { name: 'walk.dat', bytes: 'walk' };
    form.append(name, new Blob([new TextEncoder().encode(file.bytes)]), file.name);
  }
  return form;
}

/** JSON.stringify, except that an own `__proto__` key is written as such. */
function rawJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(rawJson).join(',')}]`;
  return `{${Object.keys(value)
    .map((k) => `${JSON.stringify(k)}:${rawJson((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

/** Ids of one institute's resources, by the name a path or body field gives them. */
export interface ResourceIds {
  institute: number;
  user: number;
  line: number;
  label: number;
  record: number;
  validation: number;
  comment: number;
  report: number;
  vial: string;
  contract: number;
  clinicalData: number;
  hemolysisData: number;
  measurement: number;
  event: number;
  /** A notification of member@example.org about the institute's event. */
  notification: number;
  /** A file of the contract, where the walk attached one (seedFiles). */
  contractFile?: number;
  /** A desktop installer's file name, where the server has a downloads folder. */
  installer?: string;
  /** A personal access token of staff@example.org, where the walk made one. */
  token?: number;
  /** A draft comparison study of the institute (by staff), and an exclusion of it. */
  comparisonStudy?: number;
  comparisonExclusion?: number;
  /** A location and a result-code mapping of the lab feed, and a message it rejected. */
  labFeedLocation?: number;
  labFeedCode?: number;
  labFeedMessage?: number;
}

/** Which resource a path parameter names, from the path segment before it. */
export function pathValues(op: WalkOperation, ids: ResourceIds): Record<string, string> {
  const values: Record<string, string> = {};
  const segments = op.path.split('/');
  for (const [i, seg] of segments.entries()) {
    const m = /^\{(\w+)\}$/.exec(seg);
    if (!m) continue;
    const name = m[1];
    const before = segments[i - 1];
    const named: Record<string, string | number | undefined> = {
      userId: ids.user,
      fileId: ids.contractFile,
      vid: ids.validation,
      mid: ids.measurement,
      file: ids.installer,
      exclusion_id: ids.comparisonExclusion,
    };
    const bySegment: Record<string, number | undefined> = {
      institutes: ids.institute,
      users: ids.user,
      lines: ids.line,
      labels: ids.label,
      records: ids.record,
      validations: ids.validation,
      comments: ids.comment,
      reports: ids.report,
      contracts: ids.contract,
      'clinical-data': ids.clinicalData,
      'hemolysis-index-data': ids.hemolysisData,
      events: ids.event,
      notifications: ids.notification,
      tokens: ids.token,
      'comparison-studies': ids.comparisonStudy,
      locations: ids.labFeedLocation,
      codes: ids.labFeedCode,
    };
    values[name] = String(
      before === 'id' && segments[i - 2] === 'users'
        ? ids.user
        : name === 'label' && before === 'vials'
          ? ids.vial
          : Object.hasOwn(named, name)
            ? (named[name] ?? 'unknown')
            : (bySegment[before] ?? 'unknown'),
    );
  }
  return values;
}

const ID_FIELDS: Record<string, keyof ResourceIds> = {
  institute: 'institute',
  institutes: 'institute',
  default_institute: 'institute',
  line: 'line',
  lines: 'line',
  labels: 'label',
  validation: 'validation',
  ids: 'record',
  line_ids: 'line',
  clinical_data: 'clinicalData',
};

/** The body fields of a schema that name another resource by id (line, labels, institute…). */
export function idFields(schema: JsonSchema | undefined): string[] {
  return Object.keys(schema?.properties ?? {}).filter((f) => Object.hasOwn(ID_FIELDS, f));
}

/** The schema of a value that is there (a nullable or composed schema's first real part). */
const solid = (schema: JsonSchema): JsonSchema =>
  schema.anyOf?.find((x) => x.type !== 'null') ??
  schema.allOf?.[0] ??
  // A discriminated union (a study's criterion): its first kind.
  schema.oneOf?.[0] ??
  schema;

const typeOf = (schema: JsonSchema) => {
  const { type } = solid(schema);
  return Array.isArray(type) ? type.find((t) => t !== 'null') : type;
};

/** The text sampleBody gives a text field: also the walks' unsubscribe key (seedResources). */
export const WALK_TEXT = 'Walk value';

/**
 * A body the schema accepts, as far as a JSON schema tells (the walks want answers from the
 * rules, not 422s from validation): required fields only, ids from the given institute.
 */
export function sampleBody(
  schema: JsonSchema,
  ids: ResourceIds,
  field = '',
  { optionalBooleans = false } = {},
): unknown {
  const s = solid(schema);
  const idKind = Object.hasOwn(ID_FIELDS, field) ? ID_FIELDS[field] : undefined;
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  // An id field gets an id even where it has a default (an empty label list names nothing).
  if (s.default !== undefined && field !== '' && !idKind) return s.default;
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) {
        out[name] = sampleBody(s.properties?.[name] ?? {}, ids, name);
      }
      // Some bodies need at least one change among optional fields (a bulk edit).
      if (optionalBooleans) {
        for (const [name, prop] of Object.entries(s.properties ?? {})) {
          if (!(name in out) && prop.type === 'boolean') out[name] = false;
        }
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        sampleBody(s.items ?? {}, ids, field),
      );
    case 'integer':
    case 'number':
      if (idKind) return ids[idKind];
      if (field.endsWith('_days')) return 1;
      return s.minimum !== undefined ? Math.max(s.minimum, 1) : 1;
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'email' || field.includes('email')) return 'walk@example.org';
      if (s.format === 'date' || field.endsWith('date')) return '2025-01-06';
      // A day range [date__gte, date__lt) that holds a day.
      if (field === 'date__lt') return '2025-02-06';
      if (field === 'date__gte') return '2025-01-06';
      if (field.startsWith('color')) return '#112233';
      if (field.includes('password')) return 'walk password 1';
      if (field === 'issuer') return 'https://login.walk.example';
      if (field === 'domains') return 'walk.example';
      if (idKind) return String(ids[idKind]);
      return WALK_TEXT;
    default:
      return idKind ? ids[idKind] : WALK_TEXT;
  }
}

/** The text with lone surrogates replaced, so it can be percent-encoded. */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udfff]/g, (c, i: number) => {
    const code = s.charCodeAt(i);
    const pairsUp =
      (code < 0xdc00 && /[\udc00-\udfff]/.test(s[i + 1] ?? '')) ||
      (code >= 0xdc00 && /[\ud800-\udbff]/.test(s[i - 1] ?? ''));
    return pairsUp ? c : '\ufffd';
  });

/**
 * One of each resource in the institute, made by staff through the API (a record directly in
 * the database): what the tenancy and guest walks name in paths and bodies.
 */
export async function seedResources(
  staff: ApiClient,
  db: DataSource,
  instituteId: number,
  tag: string,
): Promise<ResourceIds> {
  const made = async (res: Promise<Answer>) => {
    const answer = await res;
    if (answer.status >= 300) throw new Error(`Seeding failed: ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number };
  };
  const at = `/v2/institutes/${instituteId}`;
  const line = await made(staff.post(`${at}/lines`, { name: `Walk ${tag}` }));
  const label = await made(staff.post(`${at}/labels`, { label: `Walk ${tag}` }));
  const [record] = await insertProcessedRecords(db, instituteId, line.id, [{ auc: 100 }]);
  const validation = await made(
    staff.post(`${at}/validations`, {
      name: `Walk ${tag}`,
      start_date: '2025-01-06',
      duration_days: 1,
      lines: [line.id],
    }),
  );
  const comment = await made(staff.post(`/v2/records/${record}/comments`, { comment: 'Walk' }));
  const form = new FormData();
  form.append('title', `Walk ${tag}`);
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.4\n%walk\n')]), 'walk.pdf');
  const report = await made(staff.multipart(`${at}/reports`, form));
  const user = await made(
    staff.post(`${at}/users`, {
      email: `walk-${tag}@example.org`,
      first_name: 'Walk',
      last_name: tag,
      institutes: [instituteId],
      default_institute: instituteId,
      role: 'member',
    }),
  );
  const vial = `WALK-${tag}`.toUpperCase();
  await made(staff.post('/v2/vials', { label: vial, version: 'VV2', institute: instituteId }));
  const contract = await made(
    staff.post('/v2/contracts', {
      title: `Walk ${tag}`,
      institute: instituteId,
      start_date: '2025-01-06',
      end_date: null,
    }),
  );
  // The clinical and hemolysis areas answer only where their flags are on.
  await db.query(
    `UPDATE institutes SET feature_flags = coalesce(feature_flags, '{}'::jsonb) ||
       '{"clinicalData": true, "hemolysisTracking": true}'::jsonb WHERE id = $1`,
    [instituteId],
  );
  const clinicalData = await made(
    staff.post(`${at}/clinical-data`, { date: '2025-01-06', h_index: 10, h_index_baseline: 5 }),
  );
  const comparisonStudy = await made(
    staff.post(`${at}/comparison-studies`, {
      name: `Walk ${tag}`,
      line_ids: [line.id],
      date__gte: '2025-01-01',
      date__lt: '2025-02-01',
      analytes: [
        { analyte: 'h_index', criterion: { type: 'allowable_bias', scale: 'absolute', limit: 1 } },
      ],
    }),
  );
  const comparisonExclusion = await made(
    staff.post(`/v2/comparison-studies/${comparisonStudy.id}/exclusions`, {
      clinical_data: clinicalData.id,
      analyte: null,
      reason: 'Walk',
    }),
  );
  const csv = new FormData();
  csv.append('title', `Walk ${tag}`);
  csv.append('line', String(line.id));
  csv.append(
    'file',
    new Blob([new TextEncoder().encode('timestamp,h_index\n2025-01-06T08:00:00Z,12\n')]),
    'walk.csv',
  );
  const hemolysisData = await made(staff.multipart(`${at}/hemolysis-index-data`, csv));
  const measurements = await staff.get(`/v2/hemolysis-index-data/${hemolysisData.id}/measurements`);
  // The lab feed: a location and a code mapped, and a message rejected (a negative value).
  const labFeedLocation = await made(
    staff.post(`${at}/lab-feed/locations`, { code: `WALK-${tag}`, line: line.id }),
  );
  const labFeedCode = await made(
    staff.post(`${at}/lab-feed/codes`, { system: 'L', code: `WALK-${tag}`, analyte: 'h_index' }),
  );
  await staff.request('POST', `${at}/lab-feed/hl7`, {
    body: [
      `MSH|^~\\&|LIS|WALK|VIALQC|VIALQC|20250106080000+0000||ORU^R01|WALK-${tag}|P|2.5.1`,
      `OBR|1||WALK-1|||||20250106080000+0000`,
      `OBX|1|NM|WALK-${tag}^^L||-1|mg/dL|||||F`,
    ].join('\r'),
    headers: { 'Content-Type': 'application/hl7-v2+er7' },
  });
  const [labFeedMessage]: { id: string }[] = await db.query(
    `SELECT id FROM lab_feed_messages WHERE institute_id = $1 AND control_id = $2`,
    [instituteId, `WALK-${tag}`],
  );
  // An alarm of the line's monitoring, open (the rules open events only on a monitored line).
  const [event]: { id: number }[] = await db.query(
    `INSERT INTO monitoring_events (line_id, rule, side, first_record_id, last_record_id)
     VALUES ($1, '1_3s', 'above', $2, $2) RETURNING id`,
    [line.id, record],
  );
  // A notification of the member about it, and an unsubscribe key that is the text the walks
  // send as any token (so the unsubscribe link is walked to its answer, not only to its 404).
  const [notification]: { id: number }[] = await db.query(
    `INSERT INTO notifications (user_id, institute_id, kind, title, link, line_id, event_id)
     SELECT id, $1, 'event_opened', 'Walk alarm', '/line/' || $2::int || '/monitoring', $2, $3
       FROM users WHERE email = 'member@example.org' RETURNING id`,
    [instituteId, line.id, event.id],
  );
  await db.query(
    `INSERT INTO unsubscribe_tokens (token_hash, user_id, institute_id, kinds)
     VALUES (encode(sha256(convert_to($1, 'UTF8')), 'hex'), $2, $3, '{event_opened}')
     ON CONFLICT DO NOTHING`,
    [WALK_TEXT, user.id, instituteId],
  );
  return {
    event: event.id,
    notification: notification.id,
    contract: contract.id,
    clinicalData: clinicalData.id,
    comparisonStudy: comparisonStudy.id,
    comparisonExclusion: comparisonExclusion.id,
    labFeedLocation: labFeedLocation.id,
    labFeedCode: labFeedCode.id,
    labFeedMessage: Number(labFeedMessage.id),
    hemolysisData: hemolysisData.id,
    measurement: (measurements.body as { items: { id: number }[] }).items[0].id,
    institute: instituteId,
    user: user.id,
    line: line.id,
    label: label.id,
    record,
    validation: validation.id,
    comment: comment.id,
    report: report.id,
    vial,
  };
}

/** One request of a boundary sweep: a value in place of one field, the rest a valid request. */
export interface Placement {
  /** Where the value went, as a 422 names it: `path.id`, `query.date`, `body.labels.0`. */
  where: string;
  value: unknown;
  send(client: ApiClient): Promise<Answer>;
}

/** Where a value may go in a JSON body: every field, nested fields and a list's first item. */
function bodySlots(schema: JsonSchema, at: (string | number)[] = []): (string | number)[][] {
  const s = solid(schema);
  const here = at.length ? [at] : [];
  if (typeOf(s) === 'array' && s.items) return [...here, ...bodySlots(s.items, [...at, 0])];
  return [
    ...here,
    ...Object.entries(s.properties ?? {}).flatMap(([name, p]) => bodySlots(p, [...at, name])),
  ];
}

/**
 * `base` (a valid value of the schema, or nothing) with `value` at `at`; what is missing on the
 * way is sampled, so only the one field is out of line. A number goes as a number only where
 * the schema takes one, else as its text (an id in a text field must be refused there too).
 */
function placed(
  schema: JsonSchema,
  base: unknown,
  at: (string | number)[],
  value: unknown,
  ids: ResourceIds,
  field = '',
): unknown {
  const s = solid(schema);
  if (!at.length) {
    const numeric = typeOf(s) === 'integer' || typeOf(s) === 'number';
    return typeof value === 'number' && !numeric ? String(value) : value;
  }
  const [key, ...rest] = at;
  if (typeof key === 'number') {
    const items =
      Array.isArray(base) && base.length ? base : [sampleBody(s.items ?? {}, ids, field)];
    return [placed(s.items ?? {}, items[0], rest, value, ids, field), ...items.slice(1)];
  }
  const object = (
    base && typeof base === 'object' && !Array.isArray(base) ? base : sampleBody(s, ids, field)
  ) as Record<string, unknown>;
  const inner = s.properties?.[key] ?? {};
  return { ...object, [key]: placed(inner, object[key], rest, value, ids, key) };
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The boundary sweep of one operation: each value in place of each path parameter, query
 * parameter and body field (multipart and form fields as text, JSON fields at any depth), the
 * rest of the request valid as far as the document tells (real ids, required fields sampled).
 */
export function placements(
  op: WalkOperation,
  ids: ResourceIds,
  values: readonly unknown[],
): Placement[] {
  const path = pathValues(op, ids);
  const query = op.query
    .filter((p) => p.required)
    .map((p): [string, string] => [p.name, String(sampleBody(p.schema, ids, p.name))]);
  const schema = op.body?.schema ?? {};
  const base = op.body ? sampleBody(schema, ids) : undefined;
  const multipart = op.body?.media === 'multipart/form-data';
  const send = (client: ApiClient, url: string, body: unknown) =>
    multipart
      ? client.request(op.method, url, {
          body: multipartForm(op, ids, body as Record<string, unknown>),
        })
      : sendBody(client, op, url, body);
  const fields: (string | number)[][] =
    op.body?.media === 'application/json'
      ? bodySlots(schema)
      : Object.entries(schema.properties ?? {})
          .filter(([, p]) => p.format !== 'binary')
          .map(([name]) => [name]);
  return values.flatMap((value): Placement[] => [
    ...op.pathParams.map((p) => ({
      where: `path.${p.name}`,
      value,
      send: (c: ApiClient) => send(c, urlOf(op, { ...path, [p.name]: asText(value) }, query), base),
    })),
    ...op.query.map((p) => ({
      where: `query.${p.name}`,
      value,
      send: (c: ApiClient) => {
        const others = query.filter(([name]) => name !== p.name);
        return send(c, urlOf(op, path, [...others, [p.name, asText(value)]]), base);
      },
    })),
    ...fields.map((at) => ({
      where: `body.${at.join('.')}`,
      value,
      send: (c: ApiClient) =>
        send(
          c,
          urlOf(op, path, query),
          multipart || op.body?.media !== 'application/json'
            ? { ...(base as object), [at[0]]: asText(value) }
            : placed(schema, base, at, value, ids),
        ),
    })),
  ]);
}
