// Runs in the server, not the browser (apps/server/src/first-screen.ts): a signed-in person's first
// screen rendered into the page with the answers the server fetched for them, so a phone paints their
// dashboard, not placeholders, before the app's JavaScript arrives (issue 20). The build bundles it
// with React and Mantine into dist/.server/ (build/prerender.ts). Every render has its own router,
// query cache and tRPC client: nothing of one person's may reach another's page.
import type { CurrentUser } from '@evident/core/user';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { prerender } from 'react-dom/static';
import { App } from './app';
import { type DataScope, DataScopeContext } from './data-layer/data-providers';
import { type QueryPath, queryKeyOf } from './data-layer/query-keys';
import { trpc } from './data-layer/trpc-client';
import { trpcUtilsFor } from './data-layer/trpc-query-utils';
import { createAppRouter } from './router';
import { compactMatrix } from './start-up/inline-matrix';
import { type RenderHints, RenderHintsContext } from './start-up/render-hints';

/** Which pages have a first screen, for whom, and the queries it shows (the server asks them). */
export { firstScreens } from './start-up/first-screen-needs';
/** What the request says of the device (its cookies, its mobile hint), for the render. */
export { renderHintsFor } from './start-up/render-hints';

/**
 * The answers as the page carries them for the app: the Evidence Matrix's in its compact form
 * (start-up/inline-matrix.ts, which boot-answers.ts expands); the others as they are.
 */
export function inlinedAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  const matrix: QueryPath = 'staff.evidenceMatrix.get';
  if (!(matrix in answers)) return answers;
  return { ...answers, [matrix]: compactMatrix(answers[matrix]) };
}

export type FirstScreenInput = {
  /** The page asked for, without a query: `/`, `/grading`. */
  path: string;
  /** `auth.session.get`'s answer: who the page is for. */
  user: CurrentUser;
  /** The first screen's queries (src/start-up/first-screen-needs.ts) as the server answered them, by tRPC path. */
  answers: Partial<Record<QueryPath, unknown>>;
  /** What the server knows of the device; the page carries them for the browser's first render. */
  hints: RenderHints;
};

/** A client that never calls out: everything the first screen shows is in `answers`. */
function answersOnlyClient(): DataScope['client'] {
  return trpc.createClient({
    links: [
      () => () =>
        observable((observer) => {
          observer.error(new TRPCClientError('A server render asks nothing of the server.'));
        }),
    ],
  });
}

/** Scripts from the render (the router's scroll restoration) are dropped: the CSP forbids inline ones. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}

/** The markup of `<div id="root">` for this person's first screen. */
export async function renderFirstScreen({ path, user, answers, hints }: FirstScreenInput): Promise<string> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  for (const [procedure, data] of Object.entries(answers)) {
    queryClient.setQueryData(queryKeyOf(procedure as QueryPath), data);
  }
  const scope: DataScope = { client: answersOnlyClient(), queryClient };
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }), {
    currentUser: async () => user,
    loadDataLayer: async () => ({ trpcUtils: trpcUtilsFor(scope) }),
  });
  await router.load();
  const { prelude } = await prerender(
    <DataScopeContext.Provider value={scope}>
      <RenderHintsContext.Provider value={hints}>
        <App router={router} />
      </RenderHintsContext.Provider>
    </DataScopeContext.Provider>,
    // Every part in place: React sends a large part after its placeholder, for a script to swap in,
    // and the page may run none.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  return withoutScripts(html);
}
