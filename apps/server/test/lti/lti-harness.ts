import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JobWorkerOptions } from '@evident/api/jobs';
import { classAssessors, classEnrolments } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { createTestEnv } from '../harness';
import { type FakePlatform, startFakePlatform } from './fake-platform';

export const ltiSecret = 'a-test-lti-sealing-secret-of-32-bytes-or-more';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A browser: keeps cookies per path prefix (enough for our two: / and /lti), follows nothing by itself. */
export function cookieJar() {
  const cookies = new Map<string, { value: string; path: string }>();
  return {
    cookies,
    header(url: string): string {
      const path = new URL(url).pathname;
      return [...cookies.entries()]
        .filter(([, c]) => path.startsWith(c.path))
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; ');
    },
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const eq = (pair ?? '').indexOf('=');
        const name = (pair ?? '').slice(0, eq).trim();
        const value = (pair ?? '').slice(eq + 1).trim();
        const path =
          attributes
            .map((a) => a.trim())
            .find((a) => /^path=/i.test(a))
            ?.slice(5) ?? '/';
        const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === '';
        if (expired) cookies.delete(name);
        else cookies.set(name, { value, path });
      }
    },
  };
}
export type CookieJar = ReturnType<typeof cookieJar>;

/** The fields and action of the first form on a page. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = html.match(/<form[^>]*action="([^"]*)"/)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replace(/&#(\d+);|&amp;|&quot;|&lt;|&gt;|&#39;/g, (m, code) =>
      code
        ? String.fromCharCode(Number(code))
        : ({ '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'" }[m] ?? m),
    );
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

/**
 * Our server on a real port with LTI on and the fake platform registered through LTI_PLATFORMS;
 * `trustTeachingRoles` makes the teachers it launches approved assessors from their first launch.
 */
export async function startLtiEnv(
  options: { env?: Record<string, string>; jobs?: JobWorkerOptions; trustTeachingRoles?: boolean } = {},
) {
  const platform: FakePlatform = await startFakePlatform();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const env = await createTestEnv({
    env: {
      PUBLIC_URL: publicUrl,
      LTI_ENABLED: 'true',
      LTI_PRIVATE_KEY: ltiSecret,
      LTI_PLATFORMS: JSON.stringify([
        { ...platform.registration, trustTeachingRoles: options.trustTeachingRoles ?? false },
      ]),
      ...options.env,
    },
    lti: { jwksCooldownMs: 0 },
    jobs: options.jobs,
  });
  const app = await env.app();
  await app.listen({ port, host: '127.0.0.1' });
  platform.setToolJwksUrl(`${publicUrl}/lti/keys`);

  async function send(jar: CookieJar, url: string, init: RequestInit = {}) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) },
    });
    jar.store(response);
    return response;
  }

  const postForm = (jar: CookieJar, url: string, fields: Record<string, string>, origin = platform.origin) =>
    send(jar, url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams(fields).toString(),
    });

  /** Login initiation through to the platform's auto-posted form, not yet posted. */
  async function loginToForm(jar: CookieJar, hint: string, extra: Record<string, string> = {}) {
    const query = new URLSearchParams({
      iss: platform.issuer,
      login_hint: 'learner-1',
      target_link_uri: `${publicUrl}/lti/launch`,
      lti_message_hint: hint,
      client_id: platform.clientId,
      lti_deployment_id: platform.deploymentId,
      ...extra,
    });
    const login = await send(jar, `${publicUrl}/lti/login?${query}`);
    if (login.status !== 302) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const auth = await fetch(login.headers.get('location') ?? '');
    if (auth.status !== 200) throw new Error(`platform auth answered ${auth.status}: ${await auth.text()}`);
    return formOf(await auth.text());
  }

  /** A whole launch: login, the platform's answer, the post to the tool. */
  async function launch(jar: CookieJar, plan: Parameters<FakePlatform['plan']>[0] = {}) {
    const form = await loginToForm(jar, platform.plan(plan));
    return { response: await postForm(jar, form.action, form.fields), form };
  }

  return {
    ...env,
    platform,
    publicUrl,
    send,
    postForm,
    loginToForm,
    launch,
    async close() {
      await app.close();
      await platform.close();
      await env.close();
    },
  };
}
export type LtiEnv = Awaited<ReturnType<typeof startLtiEnv>>;

/**
 * An assessor of the course's class: a launch with a course makes the learner a member of its class,
 * and only that class's assessors grade them (issue 19).
 */
export async function courseAssessor(env: LtiEnv, studentId: string) {
  const assessor = await env.signedIn('assessor');
  const enrolled = await env.db
    .select({ classId: classEnrolments.classId })
    .from(classEnrolments)
    .where(eq(classEnrolments.studentId, studentId));
  if (enrolled.length === 0) throw new Error('the student is in no class: did the launch carry a course?');
  await env.db
    .insert(classAssessors)
    .values(enrolled.map(({ classId }) => ({ classId, assessorId: assessor.user.id })));
  return assessor;
}

/** Reads until `ok` (up to 30 s); when it never is, says where the grade passbacks stand. */
export async function until<T>(
  env: LtiEnv,
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
): Promise<T> {
  for (let i = 0; i < 300; i += 1) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const jobs = await env.db.execute(
    `select kind, status, attempts, last_error from jobs where kind = 'lti.score'`,
  );
  throw new Error(`condition not reached; lti.score jobs: ${JSON.stringify(jobs)}`);
}
