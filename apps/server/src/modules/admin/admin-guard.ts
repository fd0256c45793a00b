/**
 * The admin guard (docs/operators.md, "Sessions" and "The route table"). Every
 * admin route names one entry of ADMIN_ROUTES and is registered through
 * `adminRoute`, which puts the right check in front of it:
 *
 *   import { adminRoute, operatorOf } from '../admin/admin-guard.ts';
 *   adminRoute(app, ADMIN_ROUTES.withdrawals.list, { schema: { querystring: ZQuery, response: { 200: ZList } } },
 *     async (request) => service.list(request.query, operatorOf(request)));
 *
 * For a route outside the table (there should be none), `requirePermission('x')`
 * is the same check as an onRequest hook.
 *
 * The check, in order: the IP allow-list (INVALID_IP), the session cookie
 * (`invalid-token`: none, forged, revoked, idle, expired, or its operator
 * disabled), the X-CSRF-Token header on anything but GET/HEAD (CSRF_INVALID), a
 * pending password change (PASSWORD_CHANGE_REQUIRED, except `self` routes),
 * then the permission (FORBIDDEN). A member's bearer token is never read here.
 */
import { BlockList, isIP } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasPermission, type Permission } from '@jetton/contract/admin/permissions';
import type { AdminRoute, AdminRouteAccess } from '@jetton/contract/admin/routes';
import { AppError } from '../../http/app-error.ts';
import type { AdminRules, AdminRulesSource } from './admin-rules.ts';
import type { OperatorAuthService } from './operator-auth-service.ts';
import type { SessionOperator } from './operator-repository.ts';

export const ADMIN_COOKIE = 'jetton_admin';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin check for one access level (see admin-guard.ts); registered by the admin feature. */
    adminGuard: (request: FastifyRequest, access: AdminRouteAccess) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by the admin guard; read it through operatorOf(request). */
    operator: SessionOperator | null;
  }
}

/** The session cookie's value, if the request carries one. */
export function adminCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === ADMIN_COOKIE) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** httpOnly, SameSite=Strict, Secure behind TLS; no Max-Age: the server ends the session, the browser forgets it on close. */
export function setAdminCookie(request: FastifyRequest, reply: FastifyReply, token: string | null): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const value = token === null ? `${ADMIN_COOKIE}=; Max-Age=0` : `${ADMIN_COOKIE}=${encodeURIComponent(token)}`;
  reply.header('set-cookie', `${value}; Path=/; HttpOnly; SameSite=Strict${secure}`);
}

const allowLists = new WeakMap<AdminRules, BlockList | null>();
function allowListOf(rules: AdminRules): BlockList | null {
  if (allowLists.has(rules)) return allowLists.get(rules) ?? null;
  let list: BlockList | null = null;
  if (rules.ipAllowList.length > 0) {
    list = new BlockList();
    for (const entry of rules.ipAllowList) {
      const [address = '', bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (!isIP(address)) continue;
      if (bits === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(bits), family);
    }
  }
  allowLists.set(rules, list);
  return list;
}

function ipAllowed(rules: AdminRules, ip: string): boolean {
  const list = allowListOf(rules);
  if (!list) return true;
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerAdminGuard(app: FastifyInstance, deps: { auth: OperatorAuthService; rules: AdminRulesSource }): void {
  app.decorateRequest('operator', null);
  app.decorate('adminGuard', async (request: FastifyRequest, access: AdminRouteAccess): Promise<void> => {
    if (!ipAllowed(await deps.rules.get(), request.ip)) throw new AppError('INVALID_IP');
    if (access === 'public') return;
    const token = adminCookieOf(request);
    const op = token ? await deps.auth.authenticate(token) : null;
    if (!op) throw new AppError('invalid-token');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !sameToken(header, deps.auth.csrfTokenOf(op.sessionId))) throw new AppError('CSRF_INVALID');
    }
    request.operator = op;
    if (access === 'self') return;
    if (op.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
    if (!hasPermission(op.roles, access)) throw new AppError('FORBIDDEN');
  });
}

/** An onRequest hook admitting only an operator whose roles grant `permission`. */
export function requirePermission(permission: Permission | 'self') {
  return (request: FastifyRequest): Promise<void> => request.server.adminGuard(request, permission);
}

/** The operator of a request that passed the guard; invalid-token if the route forgot it. */
export function operatorOf(request: FastifyRequest): SessionOperator {
  if (!request.operator) throw new AppError('invalid-token');
  return request.operator;
}

/** The OpenAPI security of admin routes (the cookie, and the CSRF header on writes). */
export const ADMIN_SECURITY = [{ adminSession: [], adminCsrf: [] }];

/**
 * Registers one route of ADMIN_ROUTES with its guard (onRequest, so a refused
 * call costs no body parsing), tagged `admin` in the OpenAPI document. Schemas
 * are zod (fastify-type-provider-zod); the handler is typed from them.
 */
export function adminRoute<S extends FastifySchema>(
  app: FastifyInstance,
  route: AdminRoute,
  options: Omit<RouteShorthandOptions, 'schema' | 'onRequest'> & { schema?: S },
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider
  >,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: route.method,
    url: route.path,
    onRequest: (request) => request.server.adminGuard(request, route.access),
    schema: { tags: ['admin'], ...(route.access === 'public' ? {} : { security: ADMIN_SECURITY }), ...options.schema } as S,
    handler,
  });
}
