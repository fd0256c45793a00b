import type { Plugin } from 'vite';

/**
 * Preloads the one font the first paint needs: regular weight of the build's
 * own script (Thai on the default build, Lao on the Lao build). The browser
 * would otherwise find it only after downloading and applying the stylesheet;
 * `font-display: swap` (styles/fonts.css) shows the text in a system font
 * meanwhile, so the preload shortens the swap, it never blocks text.
 */
export function preloadFirstFont(fontFilePrefix: string): Plugin {
  return {
    name: 'jetton-font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find(
          (file) => file.startsWith(`assets/${fontFilePrefix}`) && file.endsWith('.woff2'),
        );
        if (!font) throw new Error(`no built font named ${fontFilePrefix}*.woff2 to preload`);
        return [
          { tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' }, injectTo: 'head' },
        ];
      },
    },
  };
}
