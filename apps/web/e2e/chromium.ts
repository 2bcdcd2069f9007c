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
  // With the two flags of `oneProcessForFrames` below.
  'IsolateOrigins',
  'site-per-process',
].join(',')}`;

/**
 * One renderer process for a page and its cross-site frames (site isolation off), for the specs that
 * launch the app inside an LMS frame. An LTI launch moves the frame between sites three times in a
 * second (the tool's login, the platform's auth page, which auto-posts at once, the tool's launch),
 * and with site isolation each move swaps the frame between processes. Playwright loses such a
 * frame when a swap back to the page's process and the next swap out overlap: the old frame target's
 * late clean-up removes the new one's session (FrameSession.dispose deletes by frame id), and from
 * then on every event of the frame is dropped as stale, so `frameLocator('#tool')` never sees the
 * dashboard the screenshot shows. Seen under load in full runs (protocol logs: detachedFromTarget of
 * the old frame target before the parent's frameAttached, the new target attached before the
 * Page.enable round trip ends). What the app sees does not depend on the process model: cookies,
 * partitioned storage and postMessage behave the same, so the specs still test what they say.
 */
export const oneProcessForFrames = '--disable-site-isolation-trials';
