import { getUntypedClient } from '@trpc/client';
import { persistStudentQueries } from '../features/capture/persisted-cache';
import { adoptFirstAnswers, renderedByServer } from '../start-up/boot-answers';
import { expandMatrix } from '../start-up/inline-matrix';
import { nextTask } from '../start-up/next-task';
import { queryClient } from './query-client';
import { trpcClient } from './trpc-client';

// What the query cache starts from once the tRPC client is loaded, however it was reached (the data
// layer's loader, or DataProviders for a screen that imports them).

/**
 * The student's last known tasks put back from IndexedDB (issue 18); loaders wait for it. Not on a
 * page the server rendered: its answers, in the page, are newer, and reading the old list back cost
 * the phone's first screen for nothing.
 */
export const cacheRestored = persistStudentQueries(queryClient, { restoreSaved: !renderedByServer() });

/**
 * After the persisted cache is back: the first screen's queries public/boot.js already asked for go
 * into the cache in flight (start-up/boot-answers.ts), asked again through the tRPC client if they
 * failed. In a task after the one that ran the signed-in modules: on a page the server rendered, the
 * answers are there already and taking them is a slow phone's 10 ms of work of its own.
 */
export const firstAnswersAdopted = cacheRestored.then(nextTask).then(() =>
  adoptFirstAnswers(
    queryClient,
    (path) => getUntypedClient(trpcClient).query(path, undefined),
    // The Evidence Matrix's answer comes compact in a rendered page; expanded once, here.
    expandMatrix,
  ),
);
