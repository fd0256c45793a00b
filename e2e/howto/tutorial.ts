import type { Page } from '@playwright/test';
import type { TutorialVideo } from '@jetton/contract/constants';
import { text, type TestLocale } from '../support/i18n.ts';
import { CAPTIONS } from './captions.ts';
import { startScreencast } from './screencast.ts';

/** How long a caption stays before the next step, so it can be read on a phone. */
const READING_MS = 2600;

/**
 * One tutorial being recorded: captions drawn on the page itself (so the
 * browser renders Thai and Lao with the site's own fonts) and the screen
 * captured frame by frame, following the page into a tab the site opens.
 */
export class Tutorial<V extends TutorialVideo> {
  private recording: Awaited<ReturnType<typeof startScreencast>> | null = null;
  private page: Page;
  readonly video: V;
  readonly locale: TestLocale;

  constructor(page: Page, video: V, locale: TestLocale) {
    this.page = page;
    this.video = video;
    this.locale = locale;
  }

  async start(): Promise<void> {
    this.recording = await startScreencast(this.page);
  }

  /** Shows the step's caption and leaves time to read it. */
  async say(step: keyof (typeof CAPTIONS)[V]): Promise<void> {
    const caption = CAPTIONS[this.video][step] as Record<TestLocale, string> & { label?: string };
    const line = caption[this.locale].replace('{label}', caption.label ? text(this.locale, caption.label) : '');
    await showCaption(this.page, line);
    await this.page.waitForTimeout(READING_MS);
  }

  /** Goes on recording in another page (a game the site opened in a new tab). */
  async follow(page: Page): Promise<void> {
    // The new tab may still be on its way to the game (a redirect): style the page it lands on.
    await page.waitForLoadState('load');
    await page.addStyleTag({ content: await siteFonts(this.page) });
    this.page = page;
    await this.recording?.switchTo(page);
  }

  async pause(ms = 900): Promise<void> {
    await this.page.waitForTimeout(ms);
  }

  async finish(output: string): Promise<void> {
    await this.recording?.stop(output);
  }
}

/**
 * A caption bar under the top bar (the site's dialogs open from the bottom), drawn by the page, ignored by assistive
 * technology. It is a popover, shown again at each caption, so that it sits in
 * the top layer above any dialog the site has opened since.
 */
async function showCaption(page: Page, line: string): Promise<void> {
  await page.evaluate((value) => {
    let bar = document.getElementById('howto-caption');
    if (!bar) {
      bar = document.createElement('div');
      bar.id = 'howto-caption';
      bar.setAttribute('aria-hidden', 'true');
      bar.popover = 'manual';
      Object.assign(bar.style, {
        position: 'fixed',
        inset: '64px 12px auto 12px',
        width: 'auto',
        margin: '0',
        border: 'none',
        zIndex: '2147483647',
        padding: '10px 14px',
        borderRadius: '12px',
        background: 'rgba(10, 12, 20, 0.88)',
        color: '#fff',
        font: '600 16px/1.45 var(--howto-font, var(--font-family, sans-serif))',
        textAlign: 'center',
        pointerEvents: 'none',
        boxShadow: '0 4px 16px rgba(0, 0, 0, 0.4)',
      });
      document.body.append(bar);
    }
    bar.textContent = value;
    if (bar.matches(':popover-open')) bar.hidePopover();
    bar.showPopover();
  }, line);
}

/**
 * The site's own font faces and family, for a page of another party (the demo
 * game) that does not load Thai and Lao fonts: the captions stay readable there.
 */
async function siteFonts(site: Page): Promise<string> {
  return site.evaluate(() => {
    const faces = [...document.styleSheets]
      .flatMap((sheet) => {
        try {
          return [...sheet.cssRules];
        } catch {
          return [];
        }
      })
      .filter((rule) => rule instanceof CSSFontFaceRule)
      .map((rule) => rule.cssText);
    return `${faces.join('\n')}\n:root { --howto-font: ${getComputedStyle(document.body).fontFamily}; }`;
  });
}
