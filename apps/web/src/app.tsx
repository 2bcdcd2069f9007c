import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect, useState } from 'react';
import { ToastHost } from './features/toast/toast-host';
import type { AppRouter } from './router';
import { mantineProviderProps } from './ui-kit/theme';

/** main.tsx's work around the app's first commit: `before` while it renders, `after` once it is on screen. */
export type FirstCommit<T = unknown> = { before: () => T; after: (noted: T) => void };

/**
 * The whole app around a router: what main.tsx mounts, and what the build (the landing page) and the
 * server (a signed-in person's first screen, server-render.tsx) render. The same tree everywhere, so
 * the browser can take over the server's markup as it is (hydration): React's generated ids follow
 * the tree's shape.
 */
export function App({ router, firstCommit }: { router: AppRouter; firstCommit?: FirstCommit }) {
  return (
    <StrictMode>
      <MantineProvider {...mantineProviderProps}>
        <ToastHost />
        <RouterProvider router={router} />
      </MantineProvider>
      <AfterFirstCommit work={firstCommit} />
    </StrictMode>
  );
}

function AfterFirstCommit({ work }: { work: FirstCommit | undefined }) {
  const [noted] = useState(() => work?.before());
  useEffect(() => work?.after(noted), []);
  return null;
}
