import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, formOf, type LtiEnv, startLtiEnv } from './lti/lti-harness';

/**
 * Inside the LMS's iframe the browser keeps no cookie of ours: the state goes through the platform's
 * storage, the session through a handoff exchanged for a tab's token, and 'Open in new window'
 * through a one-time link.
 */

let env: LtiEnv;
beforeAll(async () => {
  env = await startLtiEnv();
});
afterAll(async () => {
  await env?.close();
});

const dataOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/data-(action|target|origin|key|value|next)="([^"]*)"/g)].map((m) => [
      m[1],
      (m[2] ?? '').replace(/&amp;/g, '&'),
    ]),
  );

/** A login from a platform that offers its storage, up to the platform's answer (not yet posted). */
async function loginWithStorage(sub: string) {
  const hint = env.platform.plan({ claims: { sub, given_name: 'Ifra', family_name: 'Frame' } });
  const query = new URLSearchParams({
    iss: env.platform.issuer,
    login_hint: sub,
    target_link_uri: `${env.publicUrl}/lti/launch`,
    lti_message_hint: hint,
    client_id: env.platform.clientId,
    lti_deployment_id: env.platform.deploymentId,
    lti_storage_target: '_parent',
  });
  const login = await fetch(`${env.publicUrl}/lti/login?${query}`, { redirect: 'manual' });
  expect(login.status).toBe(200);
  const put = dataOf(await login.text());
  const auth = await fetch(put.next ?? '');
  return { put, answer: formOf(await auth.text()) };
}

describe('LTI inside an iframe without third-party cookies', () => {
  it('keeps the state in the platform storage and checks it when the cookie is withheld', async () => {
    const { put, answer } = await loginWithStorage('frame-1');
    expect(put).toMatchObject({ action: 'put', target: '_parent', origin: env.platform.origin });
    expect(put.key).toBe(`state_${answer.fields.state}`);
    expect(put.value).toBe(answer.fields.state);
    expect(new URL(put.next ?? '').origin).toBe(env.platform.origin);

    // The browser withheld the state cookie (a fresh jar): the tool asks the platform storage first.
    const jar = cookieJar();
    const first = await env.postForm(jar, answer.action, answer.fields);
    expect(first.status).toBe(200);
    const check = await first.text();
    expect(dataOf(check)).toMatchObject({
      action: 'get',
      origin: env.platform.origin,
      key: `state_${answer.fields.state}`,
    });
    const again = formOf(check);
    expect(again.fields).toMatchObject({ id_token: answer.fields.id_token, state: answer.fields.state });

    // A value that is not the state is no proof; the storage's value is.
    const wrong = await env.postForm(jar, `${env.publicUrl}/lti/launch`, {
      ...again.fields,
      lti_storage_state: 'something-else',
    });
    expect(await wrong.text()).toContain('data-action="get"');
    const launched = await env.postForm(jar, `${env.publicUrl}/lti/launch`, {
      ...again.fields,
      lti_storage_state: answer.fields.state ?? '',
    });
    expect(launched.status).toBe(303);
    expect(launched.headers.get('location')).toMatch(/^\/#lti_handoff=[\w-]{40,}$/);

    // Replayed, the same launch is refused: the nonce was spent.
    const replay = await env.postForm(cookieJar(), `${env.publicUrl}/lti/launch`, {
      ...again.fields,
      lti_storage_state: answer.fields.state ?? '',
    });
    expect(replay.status).toBe(401);
  });

  it('exchanges the launch handoff for a tab session sent as a header, once', async () => {
    const { answer } = await loginWithStorage('frame-2');
    const launched = await env.postForm(cookieJar(), answer.action, {
      ...answer.fields,
      lti_storage_state: answer.fields.state ?? '',
    });
    const handoff = (launched.headers.get('location') ?? '').split('#lti_handoff=')[1] ?? '';
    const exchange = (body: unknown) =>
      fetch(`${env.publicUrl}/lti/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const first = await exchange({ handoff });
    expect(first.status).toBe(200);
    const { sessionToken } = await first.json();
    expect((await exchange({ handoff })).status).toBe(401);
    expect((await exchange({ handoff: 'made-up' })).status).toBe(401);
    expect((await exchange({})).status).toBe(401);

    const headers = { 'x-evident-session': sessionToken };
    const me = await (await fetch(`${env.publicUrl}/api/auth/user`, { headers })).json();
    expect(me).toMatchObject({ firstName: 'Ifra', lastName: 'Frame', role: 'student' });
    const trpc = await (await fetch(`${env.publicUrl}/trpc/auth.session.get`, { headers })).json();
    expect(trpc.result.data.id).toBe(me.id);
    // No cookie came with any of it, and none is needed.
    expect((await fetch(`${env.publicUrl}/api/auth/user`)).status).not.toBe(200);

    // 'Open in new window': a one-time link that signs the same person in with a first-party cookie.
    expect((await fetch(`${env.publicUrl}/lti/handoff`, { method: 'POST' })).status).toBe(401);
    const link = await fetch(`${env.publicUrl}/lti/handoff`, { method: 'POST', headers });
    const { url } = await link.json();
    expect(url).toMatch(/^\/lti\/continue\?handoff=[\w-]{40,}$/);
    const jar = cookieJar();
    const opened = await env.send(jar, `${env.publicUrl}${url}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/');
    const there = await (await env.send(jar, `${env.publicUrl}/api/auth/user`)).json();
    expect(there.id).toBe(me.id);
    const reused = await env.send(cookieJar(), `${env.publicUrl}${url}`);
    expect(reused.status).toBe(401);
    expect(await reused.text()).toContain('This link has expired or was already used.');
  });

  it('without platform storage, a withheld cookie is still refused with the reason', async () => {
    const jar = cookieJar();
    const form = await env.loginToForm(jar, env.platform.plan({}));
    const response = await env.postForm(cookieJar(), form.action, form.fields);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Open the link in a new window');
  });
});
