// Imported by src/start-up/load-first-screen.ts before the data layer: the libraries it is built on ('data' in
// vite.config.ts) then run in a task of their own, and our code on them in the next.
export { QueryClient } from '@tanstack/react-query';
export { createTRPCClient } from '@trpc/client';
