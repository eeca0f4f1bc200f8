import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { type z } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import { authorize, can, type Access } from '../domain/policy';
import { withAuditContext, type AuditContext } from '../db/audit-context';
import { invalidSchemaInput } from '../domain/errors';
import { registerOperation, successStatus } from './openapi';
import { requestIdOf } from './request-log';
import { AnswerCache, type AnswerKey } from './answer-cache';
import { sendJson } from './send-json';
import { acceptsPersonalTokens, tokenScope } from './token-scope';
import { clientAddressOf } from './client-address';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
export type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface RouteSpec<B extends Schema, Q extends Schema, P extends Schema> {
  method: Method;
  /** Express path, e.g. `/v2/institutes/:id`. */
  path: string;
  summary: string;
  tag: string;
  /**
   * Who may call it (see Access). Required, so no endpoint is declared without deciding; the
   * domain service still checks it, tenancy first, and the OpenAPI document shows it.
   */
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * How the body arrives: JSON is parsed for every route but a `raw` one, whose `before` reads
   * the body itself (raw-body.ts: the lab feed's messages and bundles, with their own limits and
   * refusals); `form` and `multipart` bodies are parsed by the route's `before`.
   */
  bodyType?: 'json' | 'form' | 'multipart' | 'raw';
  /** A multipart body's file fields and the media types each takes (`files-0`: a series). */
  files?: Record<string, string[]>;
  /** The JSON answer. Without one (and without `download`) the answer is a 204. */
  response?: z.ZodType;
  /** Status of a successful answer with a body (default 200). */
  status?: number;
  /** Other success statuses with the same body (an upload seen before answers 200). */
  alsoStatus?: number[];
  /** The answer is a 302 to where the handler's string says (a sign-in through a provider). */
  redirect?: boolean;
  /** The answer is a file of one of these media types, sent by the handler (HANDLED). */
  download?: string[];
  /** 304 on If-None-Match (answers sent with sendTaggedJson). */
  revalidates?: boolean;
  /** Refusals beyond those the declaration implies (see `refusals` in openapi.ts). */
  errors?: number[];
  /**
   * Where the answer is kept per user and query while the institute `params.id` names is
   * unchanged (answer-cache.ts). Only for a read whose answer comes from nothing but the tables
   * that raise an institute's generation (migration InstituteGenerations).
   */
  keptIn?: AnswerCache;
  /** Middleware that runs before validation (multipart parsing, rate limits). */
  before?: RequestHandler[];
  /**
   * Whether personal access tokens may call it (token-scope.ts): by default yes, but for the
   * account's own endpoints ('self') and user administration. Say `false` for any other endpoint
   * that administers accounts, sign-in or tokens.
   */
  personalTokens?: boolean;
}

export interface Ctx<B extends Schema, Q extends Schema, P extends Schema> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  req: Request;
  res: Response;
}
export interface AuthedCtx<B extends Schema, Q extends Schema, P extends Schema> extends Ctx<
  B,
  Q,
  P
> {
  user: AuthUser;
}

/** The answer of a handler that wrote the response itself (files, streams). */
export const HANDLED = Symbol('handled');

type Handler<C> = (ctx: C) => Promise<unknown>;

function parse<S extends Schema>(
  schema: S,
  input: unknown,
  where: 'body' | 'query' | 'path',
): Out<S> {
  if (!schema) return {} as unknown as Out<S>;
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw invalidSchemaInput(where, result.error);
  return result.data as Out<S>;
}

/** Who acts in a request, as its audit trail entries name them. */
const actingAs = (req: Request, res: Response, user: AuthUser | undefined): AuditContext => ({
  actor_id: user?.id ?? null,
  actor_email: user?.email ?? null,
  client_address: clientAddressOf(req),
  request_id: requestIdOf(res) ?? null,
});

/** Where a kept read's answer for this request is (the user may read it: policy's authorize). */
function keptAt<B extends Schema, Q extends Schema, P extends Schema>(
  spec: RouteSpec<B, Q, P>,
  user: AuthUser,
  base: Ctx<B, Q, P>,
): AnswerKey | null {
  const instituteId = (base.params as { id?: unknown }).id;
  if (spec.method !== 'get' || typeof instituteId !== 'number') {
    throw new Error(`${spec.method} ${spec.path} keeps answers but is no read of an institute`);
  }
  const at = AnswerCache.keyOf(user, spec.path, instituteId, base.query);
  if (at) authorize(user, 'read', instituteId);
  return at;
}

function mount<B extends Schema, Q extends Schema, P extends Schema, C>(
  router: Router,
  spec: RouteSpec<B, Q, P>,
  guard: RequestHandler[],
  handler: Handler<C>,
  makeCtx: (base: Ctx<B, Q, P>) => C,
  secured: boolean,
): void {
  registerOperation(spec, secured);
  const { access } = spec;
  const action = access === 'read' || access === 'self' || access === 'public' ? null : access;
  const run: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const base: Ctx<B, Q, P> = {
        params: parse(spec.params as P, req.params, 'path'),
        query: parse(spec.query as Q, req.query, 'query'),
        // Multipart and raw bodies are read and checked by the handler; a schema documents them.
        body:
          spec.bodyType === 'multipart' || spec.bodyType === 'raw'
            ? (undefined as Out<B>)
            : parse(spec.body as B, req.body, 'body'),
        req,
        res,
      };
      const ctx = makeCtx(base);
      const user = (ctx as { user?: AuthUser }).user;
      const at = spec.keptIn && user ? keptAt(spec, user, base) : null;
      const kept = at && spec.keptIn!.get(at);
      if (kept)
        return await sendJson(req, res.status(successStatus(spec)), kept.json, kept.encoded);
      const result = await withAuditContext(actingAs(req, res, user), () => handler(ctx));
      // A service that forgot its authorize() call must not pass unnoticed: an answer to a
      // role the declared action excludes is a bug, reported as one.
      if (user && action && !can(user, action)) {
        throw new Error(`${spec.method} ${spec.path} let a ${user.role} do ${action}`);
      }
      if (result === HANDLED) return;
      if (spec.redirect && typeof result === 'string') return res.redirect(302, result);
      // The document promises a body exactly when a response is declared: hold to it.
      if ((result === undefined) !== (spec.response === undefined)) {
        throw new Error(`${spec.method} ${spec.path} answered other than it declares`);
      }
      if (result === undefined) res.status(204).end();
      else {
        const json = Buffer.from(JSON.stringify(result));
        const keeping = at ? spec.keptIn!.keep(at, json) : undefined;
        await sendJson(req, res.status(successStatus(spec)), json, keeping?.encoded);
      }
    } catch (err) {
      next(err);
    }
  };
  const parsers = spec.bodyType === 'raw' ? [] : [jsonBodies];
  router[spec.method](spec.path, ...parsers, ...guard, ...(spec.before ?? []), run);
}

/** A JSON body (`application/json` exactly), up to 2 MB, parsed before the route's guards. */
const jsonBodies = express.json({
  limit: '2mb',
  type: (req) =>
    (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === 'application/json',
});

/**
 * Declares an endpoint for authenticated users: documented in the OpenAPI document, input
 * validated against the shared schemas, the handler's return value sent as JSON (undefined,
 * for a declaration without `response`: 204).
 */
export function route<B extends Schema, Q extends Schema, P extends Schema>(
  router: Router,
  requireAuth: RequestHandler,
  spec: RouteSpec<B, Q, P> & { access: Exclude<Access, 'public'> },
  handler: Handler<AuthedCtx<B, Q, P>>,
): void {
  const accepted = acceptsPersonalTokens(spec);
  mount(
    router,
    { ...spec, personalTokens: accepted },
    [requireAuth, tokenScope(accepted)],
    handler,
    (base) => ({ ...base, user: base.req.user as AuthUser }),
    true,
  );
}

/** The same for the public endpoints (login, reset, registration, health). */
export function publicRoute<B extends Schema, Q extends Schema, P extends Schema>(
  router: Router,
  spec: RouteSpec<B, Q, P> & { access: 'public' },
  handler: Handler<Ctx<B, Q, P>>,
): void {
  mount(router, spec, [], handler, (base) => base, false);
}
