// Imported by src/start-up/load-first-screen.ts before the rest of the UI kit: what positions the floating parts
// and locks the page's scroll ('ui-floating' in vite.config.ts) then runs in a task of its own.
export { useFloating } from '@floating-ui/react';
