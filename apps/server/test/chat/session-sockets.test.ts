import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatEntry } from '@jetton/contract/chat';
import { CHAT_AGENT_NAMESPACE } from '@jetton/contract/chat-agent';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { ROUTES } from '@jetton/contract/routes';
import { buildApp } from '../../src/app.ts';
import { createOperatorRepository } from '../../src/modules/admin/operator-repository.ts';
import { createSessionRepository } from '../../src/modules/auth/session-repository.ts';
import { expectError, login, nextIp } from '../support/accounts-support.ts';
import { loginOperator, OPERATOR_PASSWORD } from '../support/admin-support.ts';
import { chatCall, collect, connected, nextEvent, text, type AgentSocket } from '../support/chat-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, testConfig } from '../support/test-app.ts';
import {
  helpers,
  startRedis,
  untilNodeBReadsTheStream,
  urlOf,
  REDIS_SERVER,
  WAIT,
  type Ack,
  type Nodes,
} from '../support/session-sockets-support.ts';

/**
 * Sessions end everywhere at once (docs/chat.md, "Sessions end everywhere"):
 * whatever ends a member's or an operator's session closes their sockets, on
 * the node that ended it and on every other, and a socket whose end was never
 * announced is closed by its node's own re-check. Actions go through node A,
 * sockets sit on node B: two app instances on one database sharing a private
 * Redis, and the same on one node without Redis.
 */

/** Ends announced by whoever ended them (on node A): the sockets on node B close. */
function announcedEnds(nodes: () => Nodes): void {
  const { track, consoleOn, widgetOn, closed, newMember, conversationOf, replyOnB, secondSession } = helpers(nodes);

  it('an agent who logs out and an agent an owner disables lose their consoles on the other node, and cannot reply after', async () => {
    const { t } = nodes();
    const owner = await loginOperator(t, ['owner']);
    const leaving = await loginOperator(t, ['support']);
    const disabled = await loginOperator(t, ['support']);
    const [leavingConsole, disabledConsole] = [await consoleOn(leaving), await consoleOn(disabled)];
    const conversationId = await conversationOf(await newMember(), leavingConsole);
    expect((await replyOnB(disabled, conversationId, 'before the end')).statusCode).toBe(200);

    const gone = [closed(leavingConsole), closed(disabledConsole)];
    expect((await leaving.call(ADMIN_ROUTES.auth.logout)).statusCode).toBe(200);
    expect((await owner.call(ADMIN_ROUTES.operators.update, { id: disabled.operatorId }, { active: false })).statusCode).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);

    for (const op of [leaving, disabled]) {
      expectError(await replyOnB(op, conversationId, 'after the end'), 401, 'invalid-token');
      const again = track(
        io(`${nodes().urlB}${CHAT_AGENT_NAMESPACE}`, {
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          extraHeaders: { cookie: op.cookie },
        }),
      );
      await expect(connected(again)).rejects.toThrow('UNAUTHORIZED');
    }
    // Nothing from either after the end: the conversation holds the member's message and the one reply made before.
    const view = await owner.call(ADMIN_ROUTES.chat.conversation, { conversationId });
    expect(view.statusCode, view.body).toBe(200);
    const body = JSON.stringify(view.json());
    expect(body).toContain('before the end');
    expect(body).not.toContain('after the end');
  }, 90_000);

  it("an operator's own password change closes their other sessions' consoles but not this one; a reset by an owner closes them all", async () => {
    const { t } = nodes();
    const owner = await loginOperator(t, ['owner']);
    const here = await loginOperator(t, ['support']);
    const elsewhere = await secondSession(here);
    const [hereConsole, elsewhereConsole] = [await consoleOn(here), await consoleOn(elsewhere)];
    const conversationId = await conversationOf(await newMember(), hereConsole);

    const elsewhereGone = closed(elsewhereConsole);
    const changed = await here.call(ADMIN_ROUTES.auth.password, {}, { oldPassword: OPERATOR_PASSWORD, newPassword: 'another-password-42' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await elsewhereGone).toBe('io server disconnect');
    // The session that changed the password keeps its console, and its events still pass the check.
    const read = (await hereConsole.timeout(WAIT).emitWithAck('read', { conversationId, seq: 1 })) as Ack<unknown>;
    expect(read.ok).toBe(true);
    expect(hereConsole.connected).toBe(true);

    const hereGone = closed(hereConsole);
    expect((await owner.call(ADMIN_ROUTES.operators.reset, { id: here.operatorId })).statusCode).toBe(200);
    expect(await hereGone).toBe('io server disconnect');
  }, 90_000);

  it("a member's widget on the other node closes at logout and hears nothing more; a password change, a suspension and an operator's reset close it too", async () => {
    const { t } = nodes();
    const support = await loginOperator(t, ['support']);
    const supportConsole = await consoleOn(support);
    const member = await newMember();
    const conversationId = await conversationOf(member, supportConsole);

    const before = await widgetOn(member);
    const heardBefore = collect<TChatEntry>(before, 'messaging');
    const beforeGone = closed(before);
    expect((await chatCall(t, 'POST', ROUTES.account.logout, member)).statusCode).toBe(200);
    expect(await beforeGone).toBe('io server disconnect');
    // Logged in again: the new widget hears the next reply, the closed one nothing.
    member.token = await login(t, member.phone, member.password);
    const after = await widgetOn(member);
    const heard = nextEvent<TChatEntry>(after, 'messaging', WAIT);
    const reply = await support.call(ADMIN_ROUTES.chat.reply, { conversationId }, { message: text('a reply after the logout') });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await heard).message.payload).toBe('a reply after the logout');
    expect(heardBefore).toEqual([]);

    // The member changes their password (on node A): the widget open on node B closes.
    const afterGone = closed(after);
    const changed = await t.app.inject({
      method: 'PUT',
      url: ROUTES.account.changePassword,
      headers: { authorization: `Bearer ${member.token}`, 'x-forwarded-for': nextIp() },
      payload: { oldPassword: member.password, newPassword: 'changed-pass-1234' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    member.password = 'changed-pass-1234';
    member.token = changed.json<{ token: string }>().token;
    expect(await afterGone).toBe('io server disconnect');

    // Support suspends the member, then reactivates them; later resets their password.
    const suspended = closed(await widgetOn(member));
    expect((await support.call(ADMIN_ROUTES.members.suspend, { id: member.userId }, { reason: 'test' })).statusCode).toBe(200);
    expect(await suspended).toBe('io server disconnect');
    expect((await support.call(ADMIN_ROUTES.members.reactivate, { id: member.userId }, { reason: 'test' })).statusCode).toBe(200);
    member.token = await login(t, member.phone, member.password);
    const reset = closed(await widgetOn(member));
    expect((await support.call(ADMIN_ROUTES.members.resetPassword, { id: member.userId }, { reason: 'test' })).statusCode).toBe(200);
    expect(await reset).toBe('io server disconnect');
  }, 90_000);
}

/** Ends nobody announces, and no sweep: the next event the socket sends reads its session again. */
function eventChecks(nodes: () => Nodes): void {
  const { consoleOn, widgetOn, closed, newMember, conversationOf } = helpers(nodes);
  /** Sends until refused: an event may pass while the socket's last read is under SESSION_CHECK_MS old. */
  const untilRefused = async (send: () => Promise<Ack<unknown>>): Promise<string> => {
    for (const deadline = Date.now() + WAIT; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const ack = await send();
      if (!ack.ok) return ack.message;
    }
    throw new Error('never refused');
  };

  it('an event sent after an end nobody announced is refused and its socket closed: revoked sessions, a role without chat', async () => {
    const { t } = nodes();
    const owner = await loginOperator(t, ['owner']);
    const revoked = await loginOperator(t, ['support']);
    const demoted = await loginOperator(t, ['support']);
    const [revokedConsole, demotedConsole] = [await consoleOn(revoked), await consoleOn(demoted)];
    const member = await newMember();
    const conversationId = await conversationOf(member, revokedConsole);
    const widget = await widgetOn(member);
    const gone = [closed(revokedConsole), closed(demotedConsole), closed(widget)];

    await createOperatorRepository(t.database.db).revokeSession(revoked.sessionId, t.clock.now());
    await createSessionRepository(t.database.db).revokeAll(member.userId, t.clock.now());
    expect((await owner.call(ADMIN_ROUTES.operators.update, { id: demoted.operatorId }, { roles: ['viewer'] })).statusCode).toBe(200);

    const read = (socket: AgentSocket) => () =>
      socket.timeout(WAIT).emitWithAck('read', { conversationId, seq: 1 }) as Promise<Ack<unknown>>;
    expect(await untilRefused(read(revokedConsole))).toBe('UNAUTHORIZED');
    expect(await untilRefused(read(demotedConsole))).toBe('UNAUTHORIZED');
    const join = () =>
      widget.timeout(WAIT).emitWithAck('join', { room: `jetton-chat-${member.userId}`, afterSeq: 0 }) as Promise<Ack<unknown>>;
    expect(await untilRefused(join)).toBe('invalid-token');
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect', 'io server disconnect']);
  }, 90_000);
}

/** Ends nobody announces: each node's own re-check closes the sockets. */
function unannouncedEnds(nodes: () => Nodes): void {
  const { consoleOn, widgetOn, closed, newMember } = helpers(nodes);

  it('a session ended with no news to the node, an agent whose role no longer allows chat, an idle console and an expired member session keep no socket', async () => {
    const { t } = nodes();
    const owner = await loginOperator(t, ['owner']);
    // Ended straight in the database: no one tells any node; each node's own re-check closes the sockets.
    const quiet = await loginOperator(t, ['support']);
    const quietConsole = await consoleOn(quiet);
    const member = await newMember();
    const quietWidget = await widgetOn(member);
    const quietGone = [closed(quietConsole), closed(quietWidget)];
    await createOperatorRepository(t.database.db).revokeSession(quiet.sessionId, t.clock.now());
    await createSessionRepository(t.database.db).revokeAll(member.userId, t.clock.now());
    expect(await Promise.all(quietGone)).toEqual(['io server disconnect', 'io server disconnect']);

    // Support becomes a viewer: the session lives on for other screens, the console closes.
    const demoted = await loginOperator(t, ['support']);
    const demotedGone = closed(await consoleOn(demoted));
    expect((await owner.call(ADMIN_ROUTES.operators.update, { id: demoted.operatorId }, { roles: ['viewer'] })).statusCode).toBe(200);
    expect(await demotedGone).toBe('io server disconnect');

    // Idle: no request for longer than the idle timeout (15 min); the member's session outlives its 7 days.
    const idle = await loginOperator(t, ['support']);
    const idleGone = closed(await consoleOn(idle));
    const expiring = await newMember();
    const expiringGone = closed(await widgetOn(expiring));
    t.clock.advance(7 * 24 * 3600_000 + 60_000);
    expect(await Promise.all([idleGone, expiringGone])).toEqual(['io server disconnect', 'io server disconnect']);
  }, 90_000);
}

/** Slow enough that no sweep runs during a test: only the announced end, or an event's own check, can close a socket. */
const NO_SWEEP = { chatSessionSweepMs: 10 * 60_000 };

describe.each(testEngines())(
  `announced ends, two nodes sharing Redis, %s database${existsSync(REDIS_SERVER) ? '' : ' (skipped: no redis-server)'}`,
  (engine) => {
    let redis: { child: ChildProcess; url: string } | undefined;
    let nodes: Nodes;
    beforeAll(async () => {
      if (!existsSync(REDIS_SERVER)) return;
      redis = await startRedis();
      const t = await startTestApp(engine, { redisUrl: redis.url }, NO_SWEEP);
      // Node B: the same database, clock and Redis; the shipped agent authenticator (operator sessions).
      const b = await buildApp({
        config: testConfig({ redisUrl: redis.url }),
        db: t.database.db,
        engine: t.database.engine,
        clock: t.clock,
        logger: false,
        startJobs: false,
        ...NO_SWEEP,
      });
      await b.listen({ host: '127.0.0.1', port: 0 });
      nodes = { t, b, urlB: urlOf(b) };
      await untilNodeBReadsTheStream(t, nodes.urlB);
    }, 120_000);
    afterAll(async () => {
      if (nodes) {
        await nodes.b.close();
        await nodes.t.close();
      }
      redis?.child.kill('SIGKILL');
    });
    if (existsSync(REDIS_SERVER)) announcedEnds(() => nodes);
    else it.skip('needs redis-server', () => undefined);
  },
);

describe.each(testEngines())('announced ends and events, one node without Redis, %s database', (engine) => {
  let nodes: Nodes;
  beforeAll(async () => {
    const t = await startTestApp(engine, {}, NO_SWEEP);
    nodes = { t, b: t.app, urlB: urlOf(t.app) };
  });
  afterAll(() => nodes.t.close());
  announcedEnds(() => nodes);
  eventChecks(() => nodes);
});

describe.each(testEngines())("each node's own re-check, one node without Redis, %s database", (engine) => {
  let nodes: Nodes;
  beforeAll(async () => {
    const t = await startTestApp(engine);
    nodes = { t, b: t.app, urlB: urlOf(t.app) };
  });
  afterAll(() => nodes.t.close());
  unannouncedEnds(() => nodes);
});
