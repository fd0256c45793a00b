import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { TUTORIAL_VIDEOS, type TutorialVideo } from '@jetton/contract/constants';
import { expect, test, useLocale } from '../support/fixtures.ts';
import { text, type TestLocale } from '../support/i18n.ts';
import { acceptAgreement, logIn, registerMember } from '../tests/account-helpers.ts';
import { balanceHeader, fundWallet, gameCard } from '../tests/money-helpers.ts';
import { Tutorial } from './tutorial.ts';

const OUTPUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/public/howto');
/** A slot of the demo game provider, as in the money tests. */
const GAME = 'Pagoda Gold';

type Flow<V extends TutorialVideo> = (page: Page, tutorial: Tutorial<V>, t: (key: string) => string) => Promise<void>;

function widget(page: Page, t: (key: string) => string, name: string) {
  return page.getByRole('region', { name: t('home.widgets.title') }).getByRole('button', { name: t(`home.widgets.${name}`) });
}

async function closeDialog(page: Page, t: (key: string) => string): Promise<void> {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('common.close'), exact: true })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const wallet: Flow<'wallet'> = async (page, tutorial, t) => {
  await tutorial.say('balance');
  await widget(page, t, 'deposit').click();
  await expect(page.getByRole('dialog', { name: t('home.depositDialog.title') })).toBeVisible();
  await tutorial.say('deposit');
  await closeDialog(page, t);
  await widget(page, t, 'withdraw').click();
  await expect(page.getByRole('dialog', { name: t('home.withdrawDialog.title') })).toBeVisible();
  await tutorial.say('withdraw');
  await closeDialog(page, t);
  await balanceHeader(page, tutorial.locale)
    .getByRole('button', { name: t('home.transfer') })
    .click();
  await expect(page.getByRole('dialog', { name: t('home.transferDialog.title') })).toBeVisible();
  await tutorial.say('transfer');
  await closeDialog(page, t);
  await page
    .getByRole('navigation', { name: t('nav.member') })
    .getByRole('link', { name: t('nav.statement') })
    .click();
  await expect(page.getByRole('list', { name: t('statement.listLabel') })).toBeVisible();
  await tutorial.say('statement');
};

const howToPlay: Flow<'howToPlay'> = async (page, tutorial, t) => {
  const card = gameCard(page, GAME);
  await card.scrollIntoViewIfNeeded();
  await tutorial.say('pick');
  await card.getByRole('button', { name: t('home.games.open') }).click();
  const dialog = page.getByRole('dialog', { name: GAME });
  await tutorial.say('open');
  await dialog.getByRole('button', { name: t('home.games.open') }).click();
  const amount = dialog.getByLabel(t('home.gameDialog.amount'), { exact: true });
  await expect(amount).toBeVisible();
  await amount.pressSequentially('100', { delay: 180 });
  await tutorial.say('move');
  await dialog.getByRole('button', { name: t('home.gameDialog.transfer'), exact: true }).click();
  await expect(page.getByText(t('home.transferDialog.success'))).toBeVisible();
  await tutorial.pause();
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: t('home.gameDialog.play.android') }).click();
  const game = await popup;
  await game.setViewportSize({ width: 390, height: 844 });
  await tutorial.follow(game);
  await expect(game.getByRole('button', { name: 'Spin' })).toBeEnabled();
  await tutorial.say('play');
  const rounds = game.getByRole('table').getByRole('row');
  for (let round = 1; round <= 3; round++) {
    const before = await rounds.count();
    await game.getByRole('button', { name: 'Spin' }).click();
    await expect(rounds).toHaveCount(before + 1);
    await tutorial.pause(700);
  }
};

const checkBalance: Flow<'checkBalance'> = async (page, tutorial, t) => {
  const header = balanceHeader(page, tutorial.locale);
  await tutorial.say('total');
  await tutorial.say('check');
  await header.getByRole('button', { name: t('home.checkBalance') }).click();
  await tutorial.pause(1500);
  await gameCard(page, GAME).scrollIntoViewIfNeeded();
  await tutorial.say('games');
  await page
    .getByRole('navigation', { name: t('nav.member') })
    .getByRole('link', { name: t('nav.statement') })
    .click();
  await expect(page.getByRole('list', { name: t('statement.listLabel') })).toBeVisible();
  await tutorial.say('statement');
};

/** The welcome bonus: the first card of the bonus page, as the demo content seeds it. */
function firstBonus(page: Page, t: (key: string) => string) {
  return page
    .getByRole('list', { name: t('bonus.listLabel') })
    .getByRole('button')
    .first();
}

const receiveBonus: Flow<'receiveBonus'> = async (page, tutorial, t) => {
  await page.getByRole('link', { name: t('home.widgets.bonus') }).scrollIntoViewIfNeeded();
  await tutorial.say('open');
  await page.getByRole('link', { name: t('home.widgets.bonus') }).click();
  await expect(firstBonus(page, t)).toBeVisible();
  await tutorial.pause();
  await firstBonus(page, t).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await tutorial.say('pick');
  await tutorial.say('receive');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('bonus.receive') })
    .click();
  await expect(page.getByRole('region', { name: t('bonus.activeTitle') })).toBeVisible();
  await tutorial.say('progress');
};

const cancelBonus: Flow<'cancelBonus'> = async (page, tutorial, t) => {
  await expect(page.getByRole('region', { name: t('bonus.activeTitle') })).toBeVisible();
  await tutorial.say('active');
  await tutorial.say('keep');
  await tutorial.say('cancel');
  await page.getByRole('button', { name: t('bonus.cancel') }).click();
  await expect(page.getByLabel(t('bonus.codeLabel'))).toBeVisible();
  await tutorial.say('done');
};

/** Off camera: the bonus the cancel tutorial cancels. */
async function takeBonus(page: Page, t: (key: string) => string): Promise<void> {
  await page.goto('/user/bonus');
  await firstBonus(page, t).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('bonus.receive') })
    .click();
  await expect(page.getByRole('region', { name: t('bonus.activeTitle') })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
}

const FLOWS: { [V in TutorialVideo]: Flow<V> } = { wallet, howToPlay, checkBalance, receiveBonus, cancelBonus };

for (const locale of ['th', 'la', 'en'] as const satisfies TestLocale[]) {
  for (const video of TUTORIAL_VIDEOS) {
    test(`${video} in ${locale}`, async ({ page, request }) => {
      const member = await registerMember(request);
      await fundWallet(request, member, 1000);
      const t = (key: string) => text(locale, key);
      await useLocale(page, locale);
      await page.goto('/login');
      await logIn(page, locale, member.phone, member.password);
      await expect(page).toHaveURL(/\/user\/home$/);
      await acceptAgreement(page, locale);
      if (video === 'cancelBonus') await takeBonus(page, t);
      await expect(page.getByRole('status')).toHaveCount(0);

      const tutorial = new Tutorial(page, video, locale);
      await tutorial.start();
      await (FLOWS[video] as Flow<typeof video>)(page, tutorial, t);
      await tutorial.finish(path.join(OUTPUT, locale, `${video}.webm`));
    });
  }
}
