import { z } from 'zod';
import { errorBody } from '../../shared/api/common';

interface Operation {
  method: string;
  path: string;
  summary: string;
  tag: string;
  access: string;
  secured: boolean;
  body?: z.ZodType;
  bodyType: 'json' | 'form' | 'multipart';
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  status: number;
}

const operations: Operation[] = [];

export function registerOperation(
  spec: {
    method: string;
    path: string;
    summary: string;
    tag: string;
    access: string;
    body?: z.ZodType;
    bodyType?: 'json' | 'form' | 'multipart';
    query?: z.ZodType;
    params?: z.ZodType;
    response?: z.ZodType;
    status?: number;
  },
  secured: boolean,
): void {
  const key = `${spec.method} ${spec.path}`;
  if (operations.some((o) => `${o.method} ${o.path}` === key)) return;
  operations.push({
    ...spec,
    bodyType: spec.bodyType ?? 'json',
    status: spec.status ?? 200,
    secured,
  });
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
};

/** The OpenAPI 3 document of every registered route, built from the same zod schemas. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorContent = { 'application/json': { schema: jsonSchema(errorBody, 'output') } };
  for (const op of operations) {
    const path = op.path.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, unknown> = {
      [op.status]: op.response
        ? {
            description: 'OK',
            content: { 'application/json': { schema: jsonSchema(op.response, 'output') } },
          }
        : { description: 'OK' },
      '4XX': { description: 'Error', content: errorContent },
    };
    paths[path] ??= {};
    paths[path][op.method] = {
      summary: op.summary,
      tags: [op.tag],
      security: op.secured ? [{ bearer: [] }] : [],
      // Who may call it: public, self, read (tenancy only) or an action of the role matrix.
      'x-permission': op.access,
      parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query')],
      ...(op.body && {
        requestBody: {
          required: true,
          content: { [MEDIA[op.bodyType]]: { schema: jsonSchema(op.body, 'input') } },
        },
      }),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'VialQC API', version: '2' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}
