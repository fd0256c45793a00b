import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';

type Frame = { file: string; at: number };

/** Seconds the last frame stays on screen, so the closing caption can be read. */
const CLOSING_HOLD = 2.5;

/**
 * Records what the page paints through Chromium's screencast (a frame each
 * time the screen changes, with its timestamp), then encodes the frames as
 * a WebM (VP9) with ffmpeg: each frame shown for as long as it was on screen.
 */
export async function startScreencast(
  first: Page,
): Promise<{ switchTo: (page: Page) => Promise<void>; stop: (output: string) => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'howto-frames-'));
  const frames: Frame[] = [];
  let cdp = await capture(first, dir, frames);

  return {
    async switchTo(page) {
      await release(cdp);
      cdp = await capture(page, dir, frames);
    },
    async stop(output) {
      await release(cdp);
      if (frames.length === 0) throw new Error('the screencast captured no frame');
      encode(frames, dir, output);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function capture(page: Page, dir: string, frames: Frame[]): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Page.screencastFrame', (event) => {
    const file = path.join(dir, `${String(frames.length).padStart(5, '0')}.jpg`);
    writeFileSync(file, Buffer.from(event.data, 'base64'));
    frames.push({ file, at: event.metadata.timestamp ?? Date.now() / 1000 });
    void cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 85, everyNthFrame: 1 });
  return cdp;
}

async function release(cdp: CDPSession): Promise<void> {
  await cdp.send('Page.stopScreencast').catch(() => undefined);
  await cdp.detach().catch(() => undefined);
}

/** ffmpeg's concat list: every frame with the time until the next one. */
function concatList(frames: Frame[]): string {
  const lines = frames.flatMap((frame, index) => {
    const next = frames[index + 1];
    const duration = next ? Math.max(next.at - frame.at, 0.001) : CLOSING_HOLD;
    return [`file '${frame.file}'`, `duration ${duration.toFixed(3)}`];
  });
  // The concat demuxer ignores the last duration unless the last file is listed again.
  const last = frames.at(-1);
  return [...lines, `file '${last?.file ?? ''}'`, ''].join('\n');
}

function encode(frames: Frame[], dir: string, output: string): void {
  const list = path.join(dir, 'frames.txt');
  writeFileSync(list, concatList(frames));
  mkdirSync(path.dirname(output), { recursive: true });
  // 15 frames a second is plenty for taps and scrolls; VP9 at a constant quality keeps
  // a still screen nearly free, so a 30-second tutorial stays a few hundred KB.
  const encoded = spawnSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-vf',
      'fps=15,scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p',
      '-c:v',
      'libvpx-vp9',
      '-crf',
      '40',
      '-b:v',
      '0',
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '4',
      '-an',
      output,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (encoded.error) throw new Error(`ffmpeg could not start (install it: apt-get install ffmpeg): ${encoded.error.message}`);
  if (encoded.status !== 0) throw new Error(`ffmpeg failed with status ${String(encoded.status)}`);
}
