// Imported by src/first-screen.ts after ui-kit/overlays.ts: the rest of the UI kit the screens share
// ('ui' in vite.config.ts) runs in a task of its own.
export { Badge } from '@mantine/core';
