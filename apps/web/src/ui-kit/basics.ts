// Imported by src/start-up/load-first-screen.ts after the UI kit's floating parts: the rest of the UI kit the screens
// share ('ui' in vite.config.ts) runs in a task of its own.
export { Badge } from '@mantine/core';
