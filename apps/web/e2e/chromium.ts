/**
 * Debian's Chromium, since Playwright cannot download its own browsers here, with the flags that
 * keep it from calling out over the closed network. The browser tests and `pnpm bench` share it.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
