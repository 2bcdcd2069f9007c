import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createContext, type Services } from '@evident/api/context';
import { createCaller } from '@evident/api/root';
import { readCookie } from '@evident/auth/cookies';
import type { CurrentUser } from '@evident/core/user';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestMeta } from './request-meta';

/** What the web build's server render exports (apps/web/src/server-render.tsx). */
type RenderHints = Record<string, unknown>;
type RenderModule = {
  renderFirstScreen(input: {
    path: string;
    user: CurrentUser;
    answers: Record<string, unknown>;
    hints: RenderHints;
  }): Promise<string>;
  firstScreens: Record<string, Partial<Record<CurrentUser['role'], { queries: string[] }>>>;
  /** The answers as the page carries them (the Evidence Matrix's compact); without it, as answered. */
  inlinedAnswers?(answers: Record<string, unknown>): Record<string, unknown>;
  renderHintsFor(
    request: {
      cookie: (name: string) => string | null;
      mobileHint: string | undefined;
      userAgent: string | undefined;
      acceptLanguage: string | undefined;
    },
    userId: string,
  ): RenderHints;
};

/** The placeholders of the web build's page for the server (apps/web/build/prerender.ts). */
const FIRST_SCREEN = '<!--evident:first-screen-->';
const FIRST_ANSWERS = '<!--evident:first-answers-->';

/** A JSON block is never run, so the CSP allows it; `<` escaped so no answer can close the block. */
function answersBlock(answers: Record<string, unknown>, hints: RenderHints): string {
  const json = JSON.stringify({ answers, hints }).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="evident-first-answers">${json}</script>`;
}

/** A query procedure without input, by its path (`student.tasks.list`), as the signed-in caller. */
function callQuery(caller: ReturnType<typeof createCaller>, path: string): Promise<unknown> {
  const procedure = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], caller);
  if (typeof procedure !== 'function') throw new Error(`no query ${path}`);
  return (procedure as () => Promise<unknown>)();
}

export type FirstScreenPages = (req: FastifyRequest, reply: FastifyReply) => Promise<string | null>;

/**
 * Issue 20: the page of a signed-in person's first screen (a student's dashboard, the grading
 * screen) with that screen in it, rendered here with the answers it shows, and those answers beside
 * it for the app to start from. A phone on a worksite's signal paints its tasks one round trip after
 * asking, not after the app's JavaScript has arrived and asked again. Null when the build has no
 * server render, or for a page, person or request it does not cover (the app shell then serves).
 */
export function firstScreenPages(webDist: string, services: Services): FirstScreenPages | null {
  const dir = join(webDist, '.server');
  const modulePath = join(dir, 'first-screen.mjs');
  const pagePath = join(dir, 'page.html');
  if (!existsSync(modulePath) || !existsSync(pagePath)) return null;
  // Loaded with the first such page, not at start-up: React and Mantine cost memory a server that
  // only answers the API never needs.
  let loaded: Promise<RenderModule> | undefined;

  return async (req, reply) => {
    // With a query (`/?unit=`, a refused sign-on's message) the app has something to do first.
    if (req.url.includes('?')) return null;
    loaded ??= import(pathToFileURL(modulePath).href) as Promise<RenderModule>;
    const render = await loaded;
    const screen = render.firstScreens[req.url];
    if (!screen) return null;
    const ctx = await createContext(services, requestMeta(services, req, reply));
    if (!ctx.user) return null;
    const queries = screen[ctx.user.role]?.queries;
    if (!queries || ctx.user.awaitingApproval) return null;
    const caller = createCaller(ctx);
    const user = (await caller.auth.session.get()) as CurrentUser | null;
    if (!user) return null;
    const answers = Object.fromEntries(
      await Promise.all(queries.map(async (path) => [path, await callQuery(caller, path)] as const)),
    );
    const mobileHint = req.headers['sec-ch-ua-mobile'];
    const hints = render.renderHintsFor(
      {
        cookie: (name) => readCookie(req.headers.cookie, name),
        mobileHint: typeof mobileHint === 'string' ? mobileHint : undefined,
        userAgent: req.headers['user-agent'],
        acceptLanguage: req.headers['accept-language'],
      },
      user.id,
    );
    const markup = await render.renderFirstScreen({ path: req.url, user, answers, hints });
    // Read each time, as the built pages are: a build made while the server runs links its own files.
    const page = await readFile(pagePath, 'utf8');
    if (!page.includes(FIRST_SCREEN) || !page.includes(FIRST_ANSWERS)) return null;
    // split/join, not replace: `$&` in an answer must stay as written.
    return page
      .split(FIRST_SCREEN)
      .join(markup)
      .split(FIRST_ANSWERS)
      .join(
        answersBlock({ 'auth.session.get': user, ...(render.inlinedAnswers?.(answers) ?? answers) }, hints),
      );
  };
}
