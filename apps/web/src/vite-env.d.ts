/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APIKEY_SALT?: string;
  readonly VITE_API_BASE?: string;
  readonly VITE_POWERED_BY_URL?: string;
  /** The deployed stage's version, sent as the `stage-version` header by production builds (§7). */
  readonly VITE_STAGE_VERSION?: string;
  /** Folder of the UI catalogues, `assets/locales/<version>` (set by vite.config.ts `catalogues`). */
  readonly VITE_CATALOGUES: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
