// Build-time only (build/prerender.ts runs it in Node): the landing page and the signed-in app shell
// as static HTML for index.html, rendered by the same components and styles as the app.
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app';
import { loadDataLayer } from './data-layer/load-data-layer';
import { homeScreens } from './features/home/home-page';
import { BootShell } from './features/shell/boot-shell';
import { createAppRouter } from './router';
import { mantineProviderProps } from './ui-kit/theme';

async function toHtml(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

/** `/` for a signed-out visitor: nobody is signed in, as the browser's probe would answer. */
export async function renderLanding(): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }), {
    currentUser: async () => null,
    loadDataLayer,
  });
  await router.load();
  await homeScreens.visitor.preload?.();
  return toHtml(<App router={router} />);
}

/** The frame of every signed-in screen, with placeholders where the page's content will be. */
export async function renderShell(): Promise<string> {
  const router = createRouter({
    routeTree: createRootRoute({ component: BootShell }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return toHtml(
    <MantineProvider {...mantineProviderProps}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

/** The theme's CSS variables and Mantine's responsive classes, as `<style>` elements for every page's head. */
export function renderMantineStyles(): Promise<string> {
  return toHtml(<MantineProvider {...mantineProviderProps} withCssVariables withGlobalClasses />);
}
