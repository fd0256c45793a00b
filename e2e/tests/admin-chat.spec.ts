import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { adminText, loginDemo } from '../support/admin.ts';
import { text } from '../support/i18n.ts';
import { DEMO, logIn } from './account-helpers.ts';
import { PHOTO } from './chat-agent-helpers.ts';

/**
 * The agents' console (docs/chat.md, "Agents' console"): a guest writes in the member site's chat
 * widget, a support operator (demo-support) sees it arrive in the console without reloading,
 * replies, and the guest reads the reply; the guest's next message reaches the open conversation live;
 * a member's photo shows in the console beside the member's summary.
 */
test.describe.configure({ mode: 'serial' });

const setWidget = async (baseURL: string, enabled: boolean) => {
  const res = await fetch(`${baseURL}/sandbox/ops/settings/enableChatWidget`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });
  expect(res.status).toBe(200);
};

async function say(panel: Locator, words: string): Promise<void> {
  await panel.getByLabel(text('en', 'chat.placeholder')).fill(words);
  await panel.getByRole('button', { name: text('en', 'chat.send') }).click();
}

test('a guest, then a member with a photo, write in the widget; a support operator answers from the console in real time', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const base = baseURL ?? 'http://127.0.0.1:8090';
  await setWidget(base, true);
  try {
    // The operator has the agent open before the guest writes.
    const desk = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });
    const agent = await desk.newPage();
    await loginDemo(agent, 'en', 'support');
    await agent.getByRole('link', { name: adminText('en', 'screens.chat'), exact: true }).click();
    await expect(agent.getByRole('heading', { level: 1, name: adminText('en', 'screens.chat') })).toBeVisible();
    await expect(agent.getByRole('status').filter({ hasText: adminText('en', 'chatConsole.live') })).toBeVisible();

    const guestContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const guest = await guestContext.newPage();
    await useLocale(guest, 'en');
    await guest.goto('/contact');
    await guest.getByRole('button', { name: text('en', 'chat.open') }).click();
    const chat = guest.getByRole('region', { name: text('en', 'chat.title') });
    await expect(chat.getByText(text('en', 'chat.status.online'))).toBeVisible();
    const hello = `Hello from a guest ${randomBytes(4).toString('hex')}`;
    await say(chat, hello);

    // It shows up in the list without a reload, as a guest's conversation with an unread message.
    const row = agent.getByRole('button').filter({ hasText: hello });
    await expect(row).toBeVisible();
    await expect(row.getByText(adminText('en', 'chatConsole.kind.guest'), { exact: true })).toBeVisible();
    await row.click();
    const history = agent.getByRole('list', { name: adminText('en', 'chatConsole.history') });
    await expect(history.getByText(hello)).toBeVisible();

    await agent.getByLabel(adminText('en', 'chatConsole.reply'), { exact: true }).fill('Hi! How can we help?');
    await agent.getByRole('button', { name: adminText('en', 'chatConsole.send') }).click();
    await expect(history.getByText('Hi! How can we help?')).toBeVisible();
    await expect(chat.getByText('Hi! How can we help?')).toBeVisible();
    // The agent marked the guest's message read; the guest's widget shows it.
    await expect(chat.getByText(text('en', 'chat.read'))).toBeVisible();

    // The guest's next message reaches the open conversation live.
    await say(chat, 'I cannot find my deposit');
    await expect(history.getByText('I cannot find my deposit')).toBeVisible();
    // The guest's widget reads the reply: the agent shows the read mark.
    await expect(history.getByText(adminText('en', 'chatConsole.read'))).toBeVisible();

    // Quick reply buttons: the guest taps one, the answer arrives in the console.
    await agent.getByText(adminText('en', 'chatConsole.quickReplies')).click();
    await agent.getByLabel(adminText('en', 'chatConsole.quickRepliesHint')).fill('Bank transfer\nQR code');
    await agent.getByLabel(adminText('en', 'chatConsole.reply'), { exact: true }).fill('Which deposit is it?');
    await agent.getByRole('button', { name: adminText('en', 'chatConsole.send') }).click();
    await chat.getByRole('button', { name: 'QR code' }).click();
    await expect(history.getByText('QR code', { exact: true }).last()).toBeVisible();
    await expect(history.locator('li').filter({ hasText: 'QR code' }).last()).not.toContainText('Bank transfer');

    await expectAccessible(agent);
    await agent.screenshot({ path: testInfo.outputPath('admin-chat-en.png'), fullPage: true });

    // A member sends a photo: it shows in the console, beside the member's summary; the reply reaches the member.
    const memberContext = await browser.newContext({
      baseURL: base,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const member = await memberContext.newPage();
    await useLocale(member, 'en');
    await member.goto('/login');
    await logIn(member, 'en', DEMO.phone, DEMO.password);
    await expect(member).toHaveURL(/\/user\/home/);
    await member.goto('/user/contact');
    await member.getByRole('button', { name: text('en', 'chat.open') }).click();
    const memberChat = member.getByRole('region', { name: text('en', 'chat.title') });
    await expect(memberChat.getByText(text('en', 'chat.status.online'))).toBeVisible();
    await member.getByTestId('chat-file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PHOTO });
    const memberRow = agent.getByRole('button').filter({ hasText: adminText('en', 'chatConsole.media') });
    await memberRow.click();
    await expect(memberRow.getByText(adminText('en', 'chatConsole.kind.member'), { exact: true })).toBeVisible();
    const photo = agent.getByRole('img', { name: adminText('en', 'chatConsole.image') });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    await expect(agent.getByRole('region', { name: adminText('en', 'chatConsole.memberSummary') })).toBeVisible();
    await agent.getByLabel(adminText('en', 'chatConsole.reply'), { exact: true }).fill('Thanks, we are checking your slip');
    await agent.getByRole('button', { name: adminText('en', 'chatConsole.send') }).click();
    await expect(memberChat.getByText('Thanks, we are checking your slip')).toBeVisible();
    await expectAccessible(agent);
    await agent.screenshot({ path: testInfo.outputPath('admin-chat-member-en.png'), fullPage: true });
    await memberContext.close();

    // The same console in Thai.
    await useLocale(agent, 'th');
    await agent.reload();
    await expect(agent.getByRole('heading', { level: 1, name: adminText('th', 'screens.chat') })).toBeVisible();
    await agent.getByRole('button').filter({ hasText: 'QR code' }).click();
    await expect(agent.getByRole('list', { name: adminText('th', 'chatConsole.history') }).getByText(hello)).toBeVisible();
    await expectAccessible(agent);
    await agent.screenshot({ path: testInfo.outputPath('admin-chat-th.png'), fullPage: true });
    await desk.close();
    await guestContext.close();
  } finally {
    await setWidget(base, false);
  }
});
