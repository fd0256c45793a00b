import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_AGENT_NAMESPACE } from '@jetton/contract/chat-agent';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { expectError } from '../support/accounts-support.ts';
import { loginOperator } from '../support/admin-support.ts';
import { baseUrl, connected } from '../support/chat-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** The chat console (docs/operators.md, "Chat console"): agent routes and the agents' socket behind `chat.reply`. */
describe.each(testEngines())('the chat console in the back office on the %s database', (engine) => {
  let t: TestApp;
  const sockets: { close: () => void }[] = [];
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  const agentSocket = (cookie?: string) => {
    const socket = io(`${baseUrl(t)}${CHAT_AGENT_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    sockets.push(socket);
    return socket;
  };

  it('opens the agent routes to chat.reply only', async () => {
    const support = await loginOperator(t, ['support']);
    const res = await support.call(ADMIN_ROUTES.chat.conversations);
    expect(res.statusCode, res.body).toBe(200);
    const viewer = await loginOperator(t, ['viewer']);
    expectError(await viewer.call(ADMIN_ROUTES.chat.conversations), 403, 'FORBIDDEN');
  });

  it("admits a support operator's session on the agents' socket, and refuses a viewer and no session", async () => {
    const support = await loginOperator(t, ['support']);
    await connected(agentSocket(support.cookie));
    const viewer = await loginOperator(t, ['viewer']);
    await expect(connected(agentSocket(viewer.cookie))).rejects.toThrow();
    await expect(connected(agentSocket())).rejects.toThrow();
  });
});
