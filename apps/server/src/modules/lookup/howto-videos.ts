import { TUTORIAL_VIDEOS } from '@jetton/contract/constants';
import type { THowto } from '@jetton/contract/lookup';

/**
 * The tutorials the member site ships (recorded by `npm run howto:record`
 * into the web app's public/howto/<locale>/<video>.webm): what a first start
 * offers on /howto. An operator may point any of them elsewhere.
 */
export function bundledHowtoVideos(): THowto {
  return TUTORIAL_VIDEOS.map((key) => ({
    key,
    urls: { th: `/howto/th/${key}.webm`, la: `/howto/la/${key}.webm`, en: `/howto/en/${key}.webm` },
  }));
}
