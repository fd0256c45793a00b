import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { createChatServer } from '../support/chat-server.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { DEMO, logIn } from './account-helpers.ts';
import { connectAgent, PHOTO } from './chat-agent-helpers.ts';

/**
 * The support chat as people use it: a guest, then a member, each talking with
 * an agent (driven from the test through the agents' socket), with an image,
 * read marks both ways, and the widget finding its way back after the server
 * restarts. This file runs its own server so it can restart it.
 */
const server = createChatServer(Number(process.env.E2E_PORT ?? 8090) + 6);
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await server.start();
  const res = await fetch(`${server.baseURL}/sandbox/ops/settings/enableChatWidget`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled: true }),
  });
  expect(res.status).toBe(200);
});
test.afterAll(() => server.stop());

async function phonePage(browser: Browser, locale: TestLocale): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await useLocale(page, locale);
  return page;
}

async function openChat(page: Page, locale: TestLocale) {
  await page.getByRole('button', { name: text(locale, 'chat.open') }).click();
  const panel = page.getByRole('region', { name: text(locale, 'chat.title') });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(text(locale, 'chat.status.online'))).toBeVisible();
  return panel;
}

async function say(panel: ReturnType<Page['getByRole']>, locale: TestLocale, words: string): Promise<void> {
  await panel.getByLabel(text(locale, 'chat.placeholder')).fill(words);
  await panel.getByRole('button', { name: text(locale, 'chat.send') }).click();
}

test('a guest, then a member, chat with an agent: image upload, read marks both ways, reconnect after a server restart', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const agent = await connectAgent(server.baseURL, server.agentKey);

  // A guest on /contact.
  const guest = await phonePage(browser, 'en');
  await guest.goto('/contact');
  const guestChat = await openChat(guest, 'en');
  await expect(guestChat.getByText(text('en', 'chat.empty'))).toBeVisible();
  await say(guestChat, 'en', 'Hello, I am a guest');
  const fromGuest = await agent.received((e) => e.message.payload === 'Hello, I am a guest');
  const guestConversation = fromGuest.conversationId;
  await agent.read(guestConversation, fromGuest.entry.seq);
  await expect(guestChat.getByText(text('en', 'chat.read'))).toBeVisible();
  agent.typing(guestConversation);
  await expect(guestChat.getByText(text('en', 'chat.typing'))).toBeVisible();
  const reply = await agent.reply(guestConversation, { message_type: 'text', payload: 'Hi! How can we help?' });
  await expect(guestChat.getByText('Hi! How can we help?')).toBeVisible();
  // The guest has the reply on screen: the widget's read mark reaches the agent (debounced 1 s).
  await agent.customerRead(guestConversation, reply.seq);
  await expectAccessible(guest);
  await guest.screenshot({ path: testInfo.outputPath('chat-guest-en.png') });
  // The guest identity is kept: a reload finds the same conversation.
  await guest.reload();
  const again = await openChat(guest, 'en');
  await expect(again.getByText('Hi! How can we help?')).toBeVisible();

  // A member on /user/contact.
  const member = await phonePage(browser, 'en');
  await member.goto('/login');
  await logIn(member, 'en', DEMO.phone, DEMO.password);
  await expect(member).toHaveURL(/\/user\/home/);
  await member.goto('/user/contact');
  const memberChat = await openChat(member, 'en');
  await member.getByTestId('chat-file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PHOTO });
  const photo = memberChat.getByRole('img', { name: text('en', 'chat.image') });
  await expect(photo).toBeVisible();
  const media = await agent.received((e) => e.message.message_type === 'media');
  expect(media.conversationId).not.toBe(guestConversation);
  const mediaUrl = media.entry.message.payloads?.[0]?.url ?? '';
  const served = await fetch(`${server.baseURL}${mediaUrl}`);
  expect([served.headers.get('content-type'), served.headers.get('x-content-type-options')]).toEqual(['image/png', 'nosniff']);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);

  await agent.reply(media.conversationId, {
    message_type: 'quick_replies',
    payload: 'Thanks, which deposit is it?',
    payloads: [
      { type: 'postback', title: 'Bank transfer', payload: 'Bank transfer' },
      { type: 'postback', title: 'QR code', payload: 'QR code' },
    ],
  });
  await memberChat.getByRole('button', { name: 'QR code' }).click();
  const postback = await agent.received((e) => e.message.message_type === 'postback');
  expect(postback.entry.message.payload).toBe('QR code');
  await agent.read(media.conversationId, postback.entry.seq);
  await expect(memberChat.getByText(text('en', 'chat.read')).last()).toBeVisible();
  await expectAccessible(member);

  // The server restarts: the widget notices, comes back on its 5 s check, and backfills what it missed.
  agent.close();
  await server.stop();
  await expect(memberChat.getByText(text('en', 'chat.status.offline'))).toBeVisible();
  await server.start();
  const agentAgain = await connectAgent(server.baseURL, server.agentKey);
  await agentAgain.reply(media.conversationId, { message_type: 'text', payload: 'We are back, your QR deposit is credited' });
  await expect(memberChat.getByText('We are back, your QR deposit is credited')).toBeVisible({ timeout: 20_000 });
  await expect(memberChat.getByText(text('en', 'chat.status.online'))).toBeVisible();
  await say(memberChat, 'en', 'Thank you!');
  await agentAgain.received((e) => e.message.payload === 'Thank you!');
  await member.screenshot({ path: testInfo.outputPath('chat-member-en.png') });
  agentAgain.close();
});

for (const locale of ['th', 'la', 'en'] as const) {
  test(`the widget in ${locale}: toggles, refuses a file over 10 MB with its alert, and passes axe`, async ({ browser }, testInfo) => {
    const page = await phonePage(browser, locale);
    await page.goto('/contact');
    const panel = await openChat(page, locale);
    await say(panel, locale, locale === 'en' ? 'Hello' : locale === 'th' ? 'สวัสดีครับ ฝากเงินแล้วยังไม่เข้า' : 'ສະບາຍດີ ຝາກເງິນແລ້ວຍັງບໍ່ເຂົ້າ');
    await expect(panel.getByText(text(locale, 'chat.sent'))).toBeVisible();
    const big = Buffer.concat([PHOTO, Buffer.alloc(10 * 1024 * 1024)]);
    await page.getByTestId('chat-file').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await expect(panel.getByRole('alert')).toHaveText(text(locale, 'chat.tooLarge', { mb: '10' }));
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`chat-${locale}.png`) });
    // The alert goes after 4 s, and the button closes the panel again.
    await expect(panel.getByRole('alert')).toBeHidden({ timeout: 8_000 });
    await page
      .getByRole('button', { name: text(locale, 'chat.close') })
      .last()
      .click();
    await expect(panel).toBeHidden();
  });
}
