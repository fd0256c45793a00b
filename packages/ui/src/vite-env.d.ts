/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_LAO_BUILD?: string;
  readonly VITE_DEFAULT_LOCALE?: string;
  readonly VITE_GAME_LAUNCH_TARGET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
