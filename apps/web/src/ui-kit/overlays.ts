// Imported by src/start-up/load-first-screen.ts after ui-kit/floating.ts: the UI kit's popovers, tooltips and
// dialogs ('ui-overlays' in vite.config.ts) then run in a task of their own.
export { Popover } from '@mantine/core';
