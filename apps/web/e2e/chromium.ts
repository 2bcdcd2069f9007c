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
  // Chromium refuses some ports outright (5060 and 5061 are SIP's); the suite's ports, whatever they
  // are set to, must be reachable.
  `--explicitly-allowed-ports=${['E2E_PORT', 'E2E_REGISTER_PORT', 'E2E_OIDC_PORT', 'E2E_LTI_PORT']
    .map((name) => process.env[name])
    .filter(Boolean)
    .join(',')}`,
];

/**
 * Playwright turns third-party storage partitioning off (microsoft/playwright#32230), which Chrome,
 * Safari and Firefox all have on. Without it, a Chromium that blocks third-party cookies denies a
 * cross-site frame its sessionStorage outright, which no shipping browser does; with it, the frame
 * gets storage of its own, keyed to the page around it. A spec about an app inside an LMS's iframe
 * adds this: Playwright's own list of features to turn off, without that one (Chromium takes the
 * last --disable-features it is given).
 */
export const partitionedStorageFlag = `--disable-features=${[
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'CDPScreenshotNewSurface',
].join(',')}`;
