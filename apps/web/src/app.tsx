import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { ToastHost } from './features/toast/toast-host';
import type { AppRouter } from './router';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

/** The whole app around a router: what main.tsx mounts and the build prerenders the landing page from. */
export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
      >
        <ToastHost />
        <RouterProvider router={router} />
      </MantineProvider>
    </StrictMode>
  );
}
