// Build-time only (build/prerender.ts runs it in Node): the landing page and the signed-in app shell
// as static HTML for index.html, rendered by the same components and styles as the app.
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app';
import { homeScreens } from './features/home/home-page';
import { BootShell } from './features/shell/boot-shell';
import { createAppRouter } from './router';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

async function toHtml(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

/** `/` for a signed-out visitor: the current-user probe answers "nobody", as it does in the browser. */
export async function renderLanding(): Promise<string> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async () => Response.json({ result: { data: null } });
  try {
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
    await router.load();
    await homeScreens.visitor.preload?.();
    return await toHtml(<App router={router} />);
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** The frame of every signed-in screen, with placeholders where the page's content will be. */
export async function renderShell(): Promise<string> {
  const router = createRouter({
    routeTree: createRootRoute({ component: BootShell }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return toHtml(
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}
