import { readFileSync } from 'node:fs';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { firstVisitPlugins } from './build/first-visit';
import { buildId, pwaPlugins } from './pwa.config';

/** Where `pnpm dev` forwards server paths; the Fastify server serves everything on one port in production. */
const serverOrigin = process.env.EVIDENT_SERVER_URL ?? 'http://127.0.0.1:3000';

// A regular expression rather than prefixes: a plain '/lti' key would also swallow the SPA page /lti-config.
const serverPaths: Record<string, ProxyOptions> = {
  '^/(trpc|api|files|lti|healthz)(/|\\?|$)': { target: serverOrigin, ws: true },
};

/** Modules the signed-in screens share (see the 'signed-in' chunk group below). */
const signedInShared =
  /([\\/]src[\\/](data-layer[\\/](data-providers|trpc-client|trpc-query-utils|fill-query-cache|query-client)|format[\\/](count-noun|date-time|on-first-use)|start-up[\\/]browser-value)\.tsx?$)|([\\/]src[\\/]features[\\/](capture|observation[\\/]observation-(queue|db|queue-badge)|live|dialog|search|curriculum|evidence|widgets[\\/](page-header|load-error|use-revealed-count|positioned-while-open|select-on-demand)|toast[\\/]error-message)[\\/.])|([\\/]packages[\\/]core[\\/]src[\\/])/;

/**
 * The data layer's libraries (tRPC's client, TanStack Query, IndexedDB), and the module
 * src/start-up/load-first-screen.ts imports to run them in a task of their own before our code that
 * uses them.
 */
const dataLibraries =
  /(node_modules[\\/](idb-keyval|idb|@trpc|@tanstack[\\/](query-core|react-query))[\\/])|([\\/]src[\\/]data-layer[\\/]data-libraries\.ts$)/;

const schemaModules = new Map<string, boolean>();
/**
 * zod, and our shared modules that build zod schemas when they load: only the forms' screens use them
 * (the admin's forms, sign-in, the account page). A student's dashboard and the grading screen need
 * none, and building the schemas took about 25 ms of a phone's first screen before they moved out.
 */
function isSchemaModule(id: string): boolean {
  if (/node_modules[\\/]zod[\\/]/.test(id)) return true;
  if (!/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id)) return false;
  let known = schemaModules.get(id);
  if (known === undefined) {
    known = /from 'zod'/.test(readFileSync(id.split('?')[0] ?? id, 'utf8'));
    schemaModules.set(id, known);
  }
  return known;
}

/**
 * The UI kit's floating and overlaid parts, the heavier part of what the screens share of it, as three
 * files that src/start-up/load-first-screen.ts runs a task apiece (a phone runs a file whole, in one
 * go): what positions and locks (floating-ui, the scroll lock), the overlays (popovers, tooltips,
 * dialogs), and the pickers built on them (Select, MultiSelect). Each group also takes the src/ui-kit/
 * module that load-first-screen.ts imports to run it, so that module is no file of its own.
 */
const uiFloating =
  /(node_modules[\\/](@floating-ui[\\/]|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|tslib[\\/]))|([\\/]src[\\/]ui-kit[\\/]floating\.ts$)/;
const uiOverlays =
  /(node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Popover|Tooltip|Modal|ModalBase|ScrollArea|Portal|FocusTrap|Overlay|FloatingIndicator)[\\/])|([\\/]src[\\/]ui-kit[\\/]overlays\.ts$)/;
const uiPickers =
  /(node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Combobox|Select|MultiSelect|Autocomplete|TagsInput|Pill|PillsInput)[\\/])|([\\/]src[\\/]ui-kit[\\/]pickers\.ts$)/;

const uiModules = new Map<string, boolean>();
/** Our own shared modules that draw with the UI kit: a screen's code, not the data layer's. */
function usesUiKit(id: string): boolean {
  if (!/[\\/]src[\\/]/.test(id) || /node_modules/.test(id)) return false;
  let known = uiModules.get(id);
  if (known === undefined) {
    known = /from '@(mantine|tabler)\//.test(readFileSync(id.split('?')[0] ?? id, 'utf8'));
    uiModules.set(id, known);
  }
  return known;
}

export default defineConfig({
  // The router plugin must run before react() so it can split route components into their own chunks.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    ...firstVisitPlugins(),
    ...pwaPlugins(),
  ],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  server: { port: 5173, proxy: serverPaths },
  preview: { port: 4173, proxy: serverPaths },
  build: {
    outDir: 'dist',
    // Maps are written for debugging a build on this machine, never linked from the bundle; the
    // server does not serve them either.
    sourcemap: 'hidden',
    // One stylesheet, linked from the HTML: the prerendered pages need their screens' styles before
    // those screens' chunks load, and per-chunk CSS would arrive after the first paint.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // The UI kit's and the icons' code that screens load on demand, as four files rather than
            // dozens of 1 KB ones: on a phone's connection each file costs a round trip, and with six
            // connections per server they queue. Four rather than one: a phone runs a file it loads
            // whole, in one go, and the first screen runs each in a task of its own (src/ui-kit/).
            // The first three name their components (each one shared), so each also takes the
            // src/ui-kit/ module that runs it. For the rest, shared by two screens is enough: the
            // signed-in screens' small pieces (a Divider, a Progress bar) were sub-kilobyte files of
            // their own.
            { name: 'ui-floating', test: uiFloating },
            { name: 'ui-overlays', test: uiOverlays },
            { name: 'ui-pickers', test: uiPickers },
            { name: 'ui', test: /node_modules[\\/](@mantine|@tabler)[\\/]/, minShareCount: 2 },
            // What every signed-in screen runs besides its own code (the data layer, the offline
            // queue, the shell's helpers), as two files: the dashboard's first visit asked for ~35
            // files, mostly under 1 KB, and on a phone's connection, six at a time, each costs a
            // round trip. The data layer apart from the screens' shared parts, so it runs in a task
            // of its own before them (src/start-up/load-first-screen.ts). Never loaded by the landing page.
            // Every signed-in screen's, so one file whoever imports it.
            { name: 'data', test: dataLibraries },
            {
              name: 'signed-in',
              test: (id) => signedInShared.test(id) && !isSchemaModule(id) && !usesUiKit(id),
              minShareCount: 2,
            },
            {
              name: 'signed-in-ui',
              test: (id) => signedInShared.test(id) && !isSchemaModule(id) && usesUiKit(id),
              minShareCount: 2,
            },
            // The schemas, as one file for the screens with forms (see isSchemaModule).
            { name: 'schemas', test: isSchemaModule, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
