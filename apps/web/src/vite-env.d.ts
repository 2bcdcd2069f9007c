/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** When this bundle was built (vite.config.ts): the 'Updated' notice and the persisted cache compare it. */
  readonly VITE_BUILD_ID?: string;
}
