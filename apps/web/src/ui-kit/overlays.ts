// Imported by src/first-screen.ts before any screen: the UI kit's overlay half ('ui-overlays' in
// vite.config.ts) then runs in a task of its own rather than in one with everything else.
export { Popover } from '@mantine/core';
