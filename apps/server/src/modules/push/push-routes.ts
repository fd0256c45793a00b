import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPushEndpoint, ZPushKey, ZPushState, ZPushSubscribe, ZPushUpdate } from '@jetton/contract/push';
import { ROUTES } from '@jetton/contract/routes';
import { AppError } from '../../http/app-error.ts';
import { memberOf } from '../auth/member-guard.ts';
import type { Clock } from '../../clock.ts';
import type { PushRepository } from './push-repository.ts';

const security = [{ bearer: [] }];

/** A member's browsers subscribed to push notices, and the key a page subscribes with (docs/member-web.md, "Push notices"). */
export function registerPushRoutes(app: FastifyInstance, deps: { push: PushRepository; publicKey: string; clock: Clock }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { onRequest: app.requireMember };
  const tags = ['push'];
  const state = async (memberId: string) => ({
    subscriptions: (await deps.push.ofMember(memberId)).map((s) => ({
      endpoint: s.endpoint,
      lang: s.lang,
      notices: { deposit: s.notify_deposit, withdrawal: s.notify_withdrawal, chat: s.notify_chat, bonus: s.notify_bonus },
    })),
  });

  r.get(ROUTES.push.key, { schema: { tags, response: { 200: ZPushKey } } }, () => ({ publicKey: deps.publicKey }));
  r.get(ROUTES.push.subscriptions, { ...guarded, schema: { tags, security, response: { 200: ZPushState } } }, async (request) =>
    state(memberOf(request).memberId),
  );
  r.post(
    ROUTES.push.subscriptions,
    { ...guarded, schema: { tags, security, body: ZPushSubscribe, response: { 200: ZPushState } } },
    async (request) => {
      const { memberId } = memberOf(request);
      const { endpoint, keys, lang } = request.body;
      await deps.push.subscribe({ memberId, endpoint, p256dh: keys.p256dh, auth: keys.auth, lang }, deps.clock.now());
      return state(memberId);
    },
  );
  r.put(
    ROUTES.push.subscriptions,
    { ...guarded, schema: { tags, security, body: ZPushUpdate, response: { 200: ZPushState } } },
    async (request) => {
      const { memberId } = memberOf(request);
      if (!(await deps.push.setKinds(memberId, request.body.endpoint, request.body.notices ?? {}, request.body.lang))) {
        throw new AppError('NO_DATA');
      }
      return state(memberId);
    },
  );
  r.delete(
    ROUTES.push.subscriptions,
    { ...guarded, schema: { tags, security, body: ZPushEndpoint, response: { 200: ZPushState } } },
    async (request) => {
      const { memberId } = memberOf(request);
      await deps.push.unsubscribe(memberId, request.body.endpoint);
      return state(memberId);
    },
  );
}
