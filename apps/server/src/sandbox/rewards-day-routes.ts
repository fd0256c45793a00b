import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listOnSandboxIndex } from './sandbox-index.ts';
import { sandboxPage, sendPage } from './sandbox-page.ts';
import { escapeHtml as esc } from '../http/html.ts';
import { siteDay } from '@jetton/contract/site-time';
import type { Clock } from '../clock.ts';
import type { RewardsJob } from '../modules/rewards/rewards-job.ts';

const ZAccrue = z.object({ day: z.iso.date().optional() });

/**
 * The "next day" of the rewards (mounted only with SANDBOX=on; docs/sandbox.md,
 * "Rewards"): runs the daily invite and refund accrual for a site day now,
 * without waiting for the day to end. Each day is still accrued once.
 */
export function registerRewardsDayRoutes(app: FastifyInstance, job: RewardsJob, clock: Clock): void {
  listOnSandboxIndex(app, {
    path: '/sandbox/rewards',
    title: 'Rewards day',
    about: 'Ends a site day now for the rewards: the invite and refund accruals of that day run at once (each day once).',
  });

  app.post('/sandbox/rewards/accrue', { schema: { hide: true, body: ZAccrue } }, async (request) => {
    const { day } = (request.body ?? {}) as z.infer<typeof ZAccrue>;
    const target = day ?? siteDay(clock.now());
    return { day: target, ...(await job.accrueDay(target)) };
  });

  app.get('/sandbox/rewards', { schema: { hide: true } }, (request, reply) => {
    const origin = esc(`${request.protocol}://${request.host}`);
    return sendPage(
      reply,
      sandboxPage({
        title: 'Rewards day (sandbox)',
        body: `<p>The invite bonus and the refund of losses accrue once a site day (Asia/Bangkok) has ended. To see them without waiting, end a day now: the rounds are pulled from the game providers, then that day's accruals run, once per day.</p>
<pre>curl -X POST -H 'content-type: application/json' -d '{"day":"2026-01-31"}' ${origin}/sandbox/rewards/accrue</pre>
<p>Without <code>day</code> it is today. The answer gives the rounds pulled and the rows accrued.</p>`,
      }),
    );
  });
}
