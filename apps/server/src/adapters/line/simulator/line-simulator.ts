import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import type { Clock } from '../../../clock.ts';
import { escapeHtml as esc } from '../../../http/html.ts';
import { LINE_SANDBOX_PATH } from '../../party-keys.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { isFormPost, prepareSimulatorScope, sandboxPage, sendPage } from '../../../sandbox/sandbox-page.ts';
import { createLineApiServer, NO_LINE_FAULTS, signedWebhook, textMessageEvent, unfollowEvent, type LineFaults } from './line-api-server.ts';

const ZSend = z.object({
  userId: text().regex(/^U[0-9a-f]{32}$/),
  text: text().trim().min(1).max(200).optional(),
  event: z.enum(['message', 'unfollow']).default('message'),
});

/**
 * The LINE Messaging API as the sandbox plays it: the push API on its own
 * listener (the SDK's baseURL, handed to the site through `onAddress`), and
 * under /sandbox/line the pushes it accepted, a form that sends the site a
 * signed webhook event as a LINE user would (a link code, unfollowing), and
 * the fault controls.
 */
export async function registerLineSimulator(
  app: FastifyInstance,
  deps: { clock: Clock; accessToken: string; channelSecret: string; webhookUrl: () => string; onAddress?: (url: string) => void },
): Promise<void> {
  listOnSandboxIndex(app, {
    path: LINE_SANDBOX_PATH,
    title: 'LINE',
    about: 'The pushes the site sent to LINE, and messages sent to the bot as a LINE user.',
  });
  const api = createLineApiServer({ accessToken: deps.accessToken });
  const onAddress = deps.onAddress;
  if (onAddress)
    app.addHook('onReady', async () => {
      onAddress(await api.listen());
    });
  app.addHook('onClose', async () => {
    await api.close();
  });

  async function send(input: z.infer<typeof ZSend>): Promise<number> {
    const now = deps.clock.now();
    const event = input.event === 'unfollow' ? unfollowEvent(input.userId, now) : textMessageEvent(input.userId, input.text ?? '', now);
    const { body, signature } = signedWebhook(deps.channelSecret, 'Ubotsandbox00000000000000000000000', [event]);
    const response = await fetch(deps.webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-line-signature': signature },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  const page = (notice?: string) =>
    sandboxPage({
      title: 'Sandbox LINE',
      note: 'Sandbox LINE: nothing leaves this machine.',
      body: `${notice ? `<p role="status">${esc(notice)}</p>` : ''}
<form method="post" action="${LINE_SANDBOX_PATH}/webhook"><p><label>LINE user id <input name="userId" required pattern="U[0-9a-f]{32}" value="U${'0'.repeat(31)}1"></label></p>
<p><label>Message to the bot <input name="text" required></label> <button type="submit">Send</button></p></form>
<h2>Pushes</h2><ul>${api.pushes
        .slice(-50)
        .reverse()
        .map(
          (p) =>
            `<li><code>${esc(p.to)}</code> ${esc(p.at)}<br>${p.texts.map((t) => `<span translate="no">${esc(t)}</span>`).join('<br>')}</li>`,
        )
        .join('')}</ul>`,
    });

  await app.register(
    (scope, _options, done) => {
      prepareSimulatorScope(scope);
      scope.get('/', (_request, reply) => sendPage(reply, page()));
      scope.get('/pushes', (request) => {
        const to = (request.query as { to?: string }).to;
        return { pushes: api.pushes.filter((p) => !to || p.to === to) };
      });
      scope.post('/webhook', async (request, reply) => {
        const input = ZSend.safeParse(request.body);
        if (!input.success)
          return isFormPost(request)
            ? sendPage(reply, page('Give a LINE user id (U + 32 hex) and a message.'), 400)
            : reply.status(400).send({ ok: false });
        const status = await send(input.data);
        return isFormPost(request) ? sendPage(reply, page(`The site answered ${status}.`)) : { ok: status === 200, status };
      });
      scope.post('/faults', (request) => {
        Object.assign(api.faults, { ...NO_LINE_FAULTS, ...(request.body as Partial<LineFaults>) });
        return { faults: api.faults };
      });
      done();
    },
    { prefix: LINE_SANDBOX_PATH },
  );
}
