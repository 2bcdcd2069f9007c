// Imported by src/start-up/load-first-screen.ts after ui-kit/overlays.ts: the pickers built on them (Select,
// MultiSelect; 'ui-pickers' in vite.config.ts) then run in a task of their own.
export { Combobox } from '@mantine/core';
