import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@jetton/contract/routes';

/** The HTTP methods a route of the table may answer. */
export const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type Method = (typeof METHODS)[number];

/** Every path template of the route table, optional parameters spelled both ways. */
export function routeTemplates(): string[] {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (!value.startsWith('/api')) return;
      const optional = /\/:(\w+)\?$/.exec(value);
      if (optional) out.push(value.slice(0, optional.index), value.replace('?', ''));
      else out.push(value);
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(ROUTES);
  return [...new Set(out)];
}

/** Each route of the table the app mounts, with its method. */
export function mountedRoutes(app: FastifyInstance): { method: Method; template: string }[] {
  return routeTemplates().flatMap((template) =>
    METHODS.filter((method) => app.hasRoute({ method, url: template })).map((method) => ({ method, template })),
  );
}
