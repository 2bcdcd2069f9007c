import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerAppWorker } from './features/capture/app-update';
import { ToastHost } from './features/toast/toast-host';
import { createAppRouter } from './router';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
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
  </StrictMode>,
);

registerAppWorker();
