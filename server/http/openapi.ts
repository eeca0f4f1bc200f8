import { z } from 'zod';
import { errorBody } from '../../shared/api/common';

type BodyType = 'json' | 'form' | 'multipart' | 'raw';

/** What a route declares about itself (see RouteSpec in route.ts): all the document knows. */
export interface OperationSpec {
  method: string;
  path: string;
  summary: string;
  tag: string;
  access: string;
  body?: z.ZodType;
  bodyType?: BodyType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  status?: number;
  alsoStatus?: number[];
  download?: string[];
  /** A 302 with a Location header, no body. */
  redirect?: boolean;
  files?: Record<string, string[]>;
  revalidates?: boolean;
  errors?: number[];
  /** Whether personal access tokens may call it (token-scope.ts). */
  personalTokens?: boolean;
}

export interface Operation extends OperationSpec {
  bodyType: BodyType;
  secured: boolean;
  /** Every status the operation may answer, as documented. */
  statuses: number[];
}

const operations: Operation[] = [];
/** Whatever is derived from the operations (the document, the path table), built once. */
const derived = new Map<string, unknown>();

/** Remembers `make()` under `key` until another operation is registered. */
export function derivedOnce<T>(key: string, make: () => T): T {
  if (!derived.has(key)) derived.set(key, make());
  return derived.get(key) as T;
}

/** The success status of an operation: its declared one with a body, 200 for files, else 204. */
export function successStatus(
  spec: Pick<OperationSpec, 'response' | 'status' | 'download' | 'redirect'>,
) {
  if (spec.redirect) return 302;
  if (spec.response) return spec.status ?? 200;
  return spec.download ? 200 : 204;
}

/**
 * The refusals an operation's declaration implies: a malformed request (400) anywhere, a
 * missing or bad token and a refused role when signed in (401, 403), a missing resource when
 * the path names one (404), invalid input when there is any (422), an oversized body when one
 * is sent (413); plus those it declares itself (a conflict, a rate limit, a missing file).
 */
function refusals(spec: OperationSpec, secured: boolean): number[] {
  const hasBody = Boolean(spec.body) || spec.bodyType === 'multipart';
  const implied = [
    400,
    ...(secured ? [401, 403] : []),
    ...(spec.params ? [404] : []),
    ...(hasBody ? [413] : []),
    ...(spec.params || spec.query || spec.body ? [422] : []),
  ];
  return [...new Set([...implied, ...(spec.errors ?? [])])].sort((a, b) => a - b);
}

export function registerOperation(spec: OperationSpec, secured: boolean): void {
  const key = `${spec.method} ${spec.path}`;
  if (operations.some((o) => `${o.method} ${o.path}` === key)) return;
  const successes = [successStatus(spec), ...(spec.alsoStatus ?? [])];
  operations.push({
    ...spec,
    bodyType: spec.bodyType ?? 'json',
    secured,
    statuses: [
      ...new Set([...successes, ...(spec.revalidates ? [304] : []), ...refusals(spec, secured)]),
    ],
  });
  derived.clear();
}

/** The registered operations, as declared (the conformance walk validates answers with them). */
export function declaredOperations(): readonly Operation[] {
  return operations;
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

/** Query and path schemas become one parameter per property. */
function parameters(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(s.properties ?? {}).map(([name, prop]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name),
    schema: prop,
  }));
}

const MEDIA = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  raw: 'application/octet-stream',
};

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
  additionalProperties?: unknown;
}

/**
 * A multipart body: its text fields as the schema gives them, its file fields as binary with
 * the media types each accepts (`encoding`). A field name ending in `-N` stands for a numbered
 * series (files-0, files-1, …), documented as further binary properties.
 */
function multipartContent(op: Operation) {
  const schema = (op.body ? jsonSchema(op.body, 'input') : { type: 'object' }) as ObjectSchema;
  const files = Object.entries(op.files ?? {});
  const binary = (types: string[]) => ({
    type: 'string',
    format: 'binary',
    description: `A file: ${types.join(', ')}`,
  });
  const properties = { ...schema.properties };
  for (const [field, types] of files) properties[field] = binary(types);
  const series = files.filter(([field]) => /-\d+$/.test(field));
  return {
    schema: {
      ...schema,
      properties,
      required: [...new Set([...(schema.required ?? []), ...files.map(([field]) => field)])],
      ...(series.length > 0 && { additionalProperties: binary(series[0][1]) }),
    },
    encoding: Object.fromEntries(
      files.map(([field, types]) => [field, { contentType: types.join(', ') }]),
    ),
  };
}

function requestBody(op: Operation) {
  if (op.bodyType === 'multipart') {
    return { required: true, content: { [MEDIA.multipart]: multipartContent(op) } };
  }
  if (!op.body) return undefined;
  return {
    required: true,
    content: { [MEDIA[op.bodyType]]: { schema: jsonSchema(op.body, 'input') } },
  };
}

const REFUSAL_WORDS: Record<number, string> = {
  400: 'Malformed request',
  401: 'Not signed in, or the token is invalid or expired',
  403: 'Not allowed for this role or organization',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'The stored file is gone',
  413: 'The body is too large',
  415: 'Unsupported media type',
  422: 'Invalid input: `detail` lists each problem',
  429: 'Too many attempts: wait as Retry-After says',
};

function responses(op: Operation) {
  const errorContent = { 'application/json': { schema: jsonSchema(errorBody, 'output') } };
  const success = op.response
    ? {
        description: 'OK',
        content: { 'application/json': { schema: jsonSchema(op.response, 'output') } },
      }
    : op.download
      ? {
          description: 'The file',
          content: Object.fromEntries(
            op.download.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          ),
        }
      : { description: 'Done, no content' };
  return Object.fromEntries(
    op.statuses.map((status) => [
      String(status),
      status === 302
        ? {
            description: 'Found: go where Location says',
            headers: { Location: { schema: { type: 'string' } } },
          }
        : status < 300
          ? success
          : status === 304
            ? { description: 'Not modified: the ETag named in If-None-Match is current' }
            : { description: REFUSAL_WORDS[status] ?? 'Refused', content: errorContent },
    ]),
  );
}

/** The OpenAPI 3 document of every registered route, built from the same zod schemas. */
function buildDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const path = op.path.replace(/:(\w+)/g, '{$1}');
    const body = requestBody(op);
    paths[path] ??= {};
    paths[path][op.method] = {
      summary: op.summary,
      tags: [op.tag],
      security: op.secured ? [{ bearer: [] }] : [],
      // Who may call it: public, self, read (tenancy only) or an action of the role matrix.
      'x-permission': op.access,
      // Whether a personal access token may call it (a `read` token: GET only).
      ...(op.secured && { 'x-personal-tokens': op.personalTokens ?? false }),
      parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query')],
      ...(body && { requestBody: body }),
      responses: responses(op),
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'VialQC API', version: '2' },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A JWT access token from /v2/auth/token, or a personal access token (vqc_pat_…) ' +
            'where the operation says x-personal-tokens: true.',
        },
      },
    },
    paths,
  };
}

let builds = 0;

/** The document, built once for the registered routes (a new registration builds it anew). */
export function openApiDocument(): Record<string, unknown> {
  return derivedOnce('document', () => {
    builds++;
    return buildDocument();
  });
}

/** How often the document was built in this process (a test shows it is not per request). */
export const openApiBuilds = () => builds;
