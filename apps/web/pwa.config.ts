import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Issue 18: the installable app. A web app manifest, and a service worker (Workbox, generated at
 * build time) that precaches the app shell and every built asset, so the app opens with no
 * connection after one visit. It caches no answer of the server: `/trpc`, `/api`, `/files`, `/lti`
 * and `/healthz` always go to the network (a student's last known tasks come from the persisted
 * query cache instead, features/capture/persisted-cache.ts).
 *
 * No `skipWaiting`: a new version waits until every tab of the old one is closed and takes over on
 * the next open, so it never swaps the app under a running upload; the app then says 'Updated'
 * (features/capture/app-update.ts).
 */

/** Server paths the worker must leave to the network, never answering them with the app shell. */
const serverPaths = /^\/(trpc|api|files|lti|healthz)(\/|\?|$)/;

/** Changes with every build: the 'Updated' notice and the persisted cache's buster compare it. */
export const buildId = new Date().toISOString();

export function pwaPlugins(): Plugin[] {
  return [
    ...VitePWA({
      strategies: 'generateSW',
      // Registered by the app itself (app-update.ts), after the first screen, with no inline script.
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Evident: workplace evidence and assessment',
        short_name: 'Evident',
        description:
          'Collect workplace evidence against your unit of competency, even without signal, and get assessed.',
        lang: 'en-AU',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        // Light by default; the pages' theme-color meta tags give the dark one where supported.
        theme_color: '#ffffff',
        background_color: '#ffffff',
        categories: ['education', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // Report fonts and the like are big and only for the server; the app's own chunks are small.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [serverPaths],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        skipWaiting: false,
        clientsClaim: false,
        // Background Sync: wakes the open app to send its capture queue when the connection returns.
        importScripts: ['/capture-sync-sw.js'],
      },
    }),
    {
      // iOS reads its home-screen icon from the page, not the manifest.
      name: 'evident-pwa-head',
      transformIndexHtml: () => [
        {
          tag: 'link',
          attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
          injectTo: 'head',
        },
        { tag: 'meta', attrs: { name: 'apple-mobile-web-app-capable', content: 'yes' }, injectTo: 'head' },
        // The standard name Chromium asks for (it warns that the Apple one alone is deprecated).
        { tag: 'meta', attrs: { name: 'mobile-web-app-capable', content: 'yes' }, injectTo: 'head' },
      ],
    },
  ];
}
