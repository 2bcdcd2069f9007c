import type { QueryClient } from '@tanstack/react-query';
import { type QueryPath, queryKeyOf } from '../data-layer/query-keys';
import type { RenderHints } from './render-hints';

/** What public/boot.js keeps for each tRPC query it asked before the app's code arrived. */
export type FirstAnswer = Promise<{ status: number; body: { result?: { data?: unknown } } | null }>;

declare global {
  interface Window {
    /**
     * Set by public/boot.js: its requests on the app shell, or the answers a page the server
     * rendered came with, by tRPC path, until the app takes them.
     */
    evidentFirstAnswers?: Record<string, FirstAnswer>;
    /** Set by public/boot.js on a page the server rendered: what it knew of the device (render-hints.ts). */
    evidentRenderHints?: RenderHints;
  }
}

/** Whether this page came rendered by the server (apps/server/src/first-screen.ts). */
export function renderedByServer(): boolean {
  return typeof document !== 'undefined' && document.getElementById('evident-first-answers') !== null;
}

/**
 * The answer boot.js asked for, taken once: whoever takes it owns it, so a later load (after a
 * sign-out, a sign-in as someone else) always asks the server again.
 */
export function takeFirstAnswer(path: QueryPath): FirstAnswer | undefined {
  const answers = typeof window === 'undefined' ? undefined : window.evidentFirstAnswers;
  const answer = answers?.[path];
  if (answers) delete answers[path];
  return answer;
}

/**
 * Hands the first screen's queries that boot.js already asked for to the query cache, still in
 * flight, under the keys the screens' tRPC hooks use (`[['student', 'tasks', 'list'], { type: 'query' }]`
 * for a query without input), so the screens find them loading or loaded instead of asking again.
 * Anything but a good answer (no signal, an error) is asked again through the tRPC client, which
 * then reports it as it would have. Resolves once each answer boot.js had is in the cache or failed
 * (not waiting for the asking again), so the first render can include the data.
 */
export function adoptFirstAnswers(
  queryClient: QueryClient,
  askAgain: (path: QueryPath) => Promise<unknown>,
  /** An answer as the page carries it, to the API's (inline-matrix.ts): passed, so the entry has none of it. */
  expand: (data: unknown) => unknown = (data) => data,
): { settled: Promise<void> } {
  // Named by the first screens' table (first-screen-needs.ts), through boot.js or the server's page.
  const paths = Object.keys(
    (typeof window !== 'undefined' && window.evidentFirstAnswers) || {},
  ) as QueryPath[];
  const settled: Promise<unknown>[] = [];
  for (const path of paths) {
    if (path === 'auth.session.get') continue;
    const answer = takeFirstAnswer(path);
    if (!answer) continue;
    const good = answer.then(
      (taken) =>
        taken?.status === 200 && taken.body?.result && 'data' in taken.body.result
          ? { data: expand(taken.body.result.data) }
          : null,
      () => null,
    );
    const prefetched = queryClient.prefetchQuery({
      queryKey: queryKeyOf(path),
      queryFn: async () => {
        const taken = await good;
        return taken ? taken.data : askAgain(path);
      },
    });
    settled.push(good.then((taken) => (taken ? prefetched : undefined)));
  }
  return { settled: Promise.all(settled).then(() => undefined) };
}
