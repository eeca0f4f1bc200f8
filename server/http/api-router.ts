import { Router, type RequestHandler } from 'express';
import type { AppContext } from '../app-context';
import type { Access } from '../domain/policy';
import { requireAuth } from './require-auth';
import { requireAuthOrEnrolment } from './require-enrolment';
import { publicRoute, route, type AuthedCtx, type Ctx, type RouteSpec, type Schema } from './route';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Spec<B extends Schema, Q extends Schema, P extends Schema> = Omit<
  RouteSpec<B, Q, P>,
  'method' | 'path' | 'tag' | 'access'
>;
/** Signed-in endpoints must say who may call them; public ones are 'public' by declaration. */
type SpecOf<C, B extends Schema, Q extends Schema, P extends Schema> = C extends 'authed'
  ? Spec<B, Q, P> & { access: Exclude<Access, 'public'> }
  : Spec<B, Q, P>;
type Declare<C> = <B extends Schema, Q extends Schema, P extends Schema>(
  path: string,
  spec: SpecOf<C, B, Q, P>,
  handler: (ctx: C extends 'authed' ? AuthedCtx<B, Q, P> : Ctx<B, Q, P>) => Promise<unknown>,
) => void;

export type ApiRouter = { router: Router } & Record<Method, Declare<'authed'>> & {
    /** Endpoints anyone may call (login, password reset, registration). */
    public: Record<Method, Declare<'public'>>;
    /**
     * Signed-in endpoints that an enrolment `mfa_token` may also call (`user.enrolling`): setting
     * up the second factor a user must have before their first session.
     */
    enrolment: Record<Method, Declare<'authed'>>;
  };

const METHODS: Method[] = ['get', 'post', 'patch', 'put', 'delete'];

/**
 * One resource's endpoints, all under one OpenAPI tag: `api.get(path, spec, handler)` declares an
 * endpoint for signed-in users (see `route` for what a declaration brings), `api.public.post(...)`
 * one for anyone. Mount `api.router` by listing the router in server/app.ts.
 */
export function apiRouter(ctx: AppContext, tag: string): ApiRouter {
  const router = Router();
  // The context's clock, read at each request (tests drive it): a token's single sign-on session.
  const authed = requireAuth(ctx.db, ctx.accessTokens, () => ctx.now());
  const enrolling = requireAuthOrEnrolment(ctx.db, ctx.mfaTokens, authed);
  const declareWith =
    (guard: RequestHandler) =>
    (method: Method): Declare<'authed'> =>
    (path, spec, handler) =>
      route(router, guard, { ...spec, method, path, tag }, handler);
  const declare = declareWith(authed);
  const declarePublic =
    (method: Method): Declare<'public'> =>
    (path, spec, handler) =>
      publicRoute(router, { ...spec, method, path, tag, access: 'public' }, handler);
  return {
    router,
    ...(Object.fromEntries(METHODS.map((m) => [m, declare(m)])) as Record<
      Method,
      Declare<'authed'>
    >),
    public: Object.fromEntries(METHODS.map((m) => [m, declarePublic(m)])) as Record<
      Method,
      Declare<'public'>
    >,
    enrolment: Object.fromEntries(METHODS.map((m) => [m, declareWith(enrolling)(m)])) as Record<
      Method,
      Declare<'authed'>
    >,
  };
}
