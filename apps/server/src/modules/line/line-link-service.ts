import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import type { TLineLinkCodeResponse, TLineLinkState } from '@jetton/contract/line';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { LineLang } from '../../db/tables/line.ts';
import { createLineRepository } from './line-repository.ts';

const CODE_TTL_SECONDS = 600;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The webhook events this site acts on (LINE's webhook reference); others are acknowledged and ignored. */
const ZEvent = z.object({
  type: text(),
  webhookEventId: text().max(64).optional(),
  source: z
    .object({
      type: text(),
      userId: text()
        .regex(/^U[0-9a-f]{32}$/)
        .optional(),
    })
    .optional(),
  message: z.object({ type: text(), text: text().max(5000).optional() }).optional(),
});
const ZWebhook = z.object({ destination: text().optional(), events: z.array(z.unknown()).max(100) });

/**
 * Members linking their LINE account: the site gives a short code, the member
 * sends it to the bot, LINE's webhook brings it back with their LINE user id.
 * The member chooses the notices and their language here; unfollowing the bot
 * unlinks.
 */
export function createLineLinkService(deps: { db: Kysely<DB>; clock: Clock; botBasicId: string }) {
  const lines = createLineRepository(deps.db);

  return {
    async newCode(memberId: string, lang: LineLang): Promise<TLineLinkCodeResponse> {
      const code = `LINK-${[...randomBytes(6)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
      await lines.putCode(memberId, code, lang, new Date(deps.clock.now().getTime() + CODE_TTL_SECONDS * 1000));
      return { code, botBasicId: deps.botBasicId, expiresIn: CODE_TTL_SECONDS };
    },

    async state(memberId: string): Promise<TLineLinkState> {
      const link = await lines.link(memberId);
      return {
        available: true,
        linked: Boolean(link),
        lang: link?.lang ?? null,
        notices: { deposit: link?.notify_deposit ?? true, withdrawal: link?.notify_withdrawal ?? true, chat: link?.notify_chat ?? true },
      };
    },

    async update(
      memberId: string,
      change: {
        lang?: LineLang | undefined;
        notices?: { deposit?: boolean | undefined; withdrawal?: boolean | undefined; chat?: boolean | undefined } | undefined;
      },
    ) {
      await lines.updateLink(memberId, {
        ...(change.lang ? { lang: change.lang } : {}),
        ...(change.notices?.deposit === undefined ? {} : { deposit: change.notices.deposit }),
        ...(change.notices?.withdrawal === undefined ? {} : { withdrawal: change.notices.withdrawal }),
        ...(change.notices?.chat === undefined ? {} : { chat: change.notices.chat }),
      });
      return this.state(memberId);
    },

    unlink: (memberId: string) => lines.unlinkMember(memberId),

    /** A verified webhook body: link codes sent to the bot, unfollows. Returns how many members were linked. */
    async webhook(body: unknown): Promise<number> {
      const parsed = ZWebhook.safeParse(body);
      if (!parsed.success) return 0;
      let linked = 0;
      for (const raw of parsed.data.events) {
        const event = ZEvent.safeParse(raw);
        const userId = event.success ? event.data.source?.userId : undefined;
        if (!event.success || !userId) continue;
        if (event.data.type === 'unfollow') {
          await lines.unlinkLineUser(userId);
          continue;
        }
        const text =
          event.data.type === 'message' && event.data.message?.type === 'text' ? event.data.message.text?.trim().toUpperCase() : undefined;
        if (!text?.startsWith('LINK-')) continue;
        const now = deps.clock.now();
        const done = await lines.redeemCode(text, userId, now);
        if (!done) continue;
        linked++;
        // The confirmation goes out through the outbox like every notice: nothing is sent from LINE's request.
        await lines.enqueue(
          [
            {
              dedupeKey: `linked:${event.data.webhookEventId ?? `${userId}:${now.getTime()}`}`,
              target: userId,
              kind: 'linked',
              lang: done.lang,
              params: {},
            },
          ],
          now,
        );
      }
      return linked;
    },
  };
}
export type LineLinkService = ReturnType<typeof createLineLinkService>;
