import { ltiContexts, ltiResourceLinks, ltiToolKeys } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, type LtiEnv, startLtiEnv } from './lti/lti-harness';

const role = (name: string) => `http://purl.imsglobal.org/vocab/lis/v2/membership#${name}`;
const lti = 'https://purl.imsglobal.org/spec/lti/claim/';

let env: LtiEnv;
beforeAll(async () => {
  env = await startLtiEnv();
});
afterAll(async () => {
  await env?.close();
});

async function me(jar: ReturnType<typeof cookieJar>) {
  const response = await env.send(jar, `${env.publicUrl}/api/auth/user`);
  return {
    status: response.status,
    body: response.status === 200 ? await response.json() : await response.text(),
  };
}

describe('LTI keys and configuration', () => {
  it('publishes the tool key generated on first start, sealed at rest', async () => {
    const keys = await (await fetch(`${env.publicUrl}/lti/keys`)).json();
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys.keys[0].d).toBeUndefined();
    const [row] = await env.db.select().from(ltiToolKeys);
    expect(row?.sealedPrivateJwk).not.toContain('"d"');
  });

  it('serves the Canvas developer-key configuration from PUBLIC_URL', async () => {
    const config = await (await fetch(`${env.publicUrl}/lti/config.json`)).json();
    expect(config).toMatchObject({
      oidc_initiation_url: `${env.publicUrl}/lti/login`,
      target_link_uri: `${env.publicUrl}/lti/launch`,
      public_jwk_url: `${env.publicUrl}/lti/keys`,
    });
    expect(config.scopes).toContain('https://purl.imsglobal.org/spec/lti-ags/scope/score');
    expect(
      config.extensions[0].settings.placements.map((p: { message_type: string }) => p.message_type),
    ).toContain('LtiDeepLinkingRequest');
  });
});

describe('LTI login', () => {
  it('redirects to the platform with a fresh state and nonce and sets the state cookie', async () => {
    const jar = cookieJar();
    const response = await env.send(
      jar,
      `${env.publicUrl}/lti/login?${new URLSearchParams({
        iss: env.platform.issuer,
        login_hint: 'x',
        target_link_uri: `${env.publicUrl}/lti/launch`,
        client_id: env.platform.clientId,
      })}`,
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(`${env.platform.origin}/auth`);
    expect(location.searchParams.get('response_mode')).toBe('form_post');
    expect(location.searchParams.get('redirect_uri')).toBe(`${env.publicUrl}/lti/launch`);
    const state = location.searchParams.get('state') ?? '';
    expect(state).not.toBe('');
    expect(location.searchParams.get('nonce')).not.toBe('');
    const cookie = response.headers.getSetCookie()[0] ?? '';
    expect(cookie).toContain(`evident_lti_${state}=1`);
    expect(cookie).toContain('HttpOnly');
  });

  it('accepts the login as a form POST too', async () => {
    const response = await env.postForm(cookieJar(), `${env.publicUrl}/lti/login`, {
      iss: env.platform.issuer,
      login_hint: 'x',
      target_link_uri: `${env.publicUrl}/lti/launch`,
    });
    expect(response.status).toBe(302);
  });

  it('refuses an unregistered issuer and missing parameters with a page saying why', async () => {
    const unknown = await fetch(
      `${env.publicUrl}/lti/login?${new URLSearchParams({ iss: 'https://other.example', login_hint: 'x', target_link_uri: 'x' })}`,
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('not registered with Evident');
    const incomplete = await fetch(
      `${env.publicUrl}/lti/login?iss=${encodeURIComponent(env.platform.issuer)}`,
    );
    expect(incomplete.status).toBe(400);
    expect(await incomplete.text()).toContain('incomplete');
  });
});

describe('LTI launch', () => {
  it('signs a learner in as a student, linked by issuer and subject, and lands on the home screen', async () => {
    const jar = cookieJar();
    const { response } = await env.launch(jar, {
      claims: {
        sub: 'learner-77',
        email: 'Sam.Student@lms.example',
        given_name: 'Sam',
        family_name: 'Student',
      },
    });
    expect(response.status).toBe(303);
    // The handoff after '#' is for an iframe that keeps no cookie (lti-iframe.test.ts).
    expect(response.headers.get('location')).toMatch(/^\/#lti_handoff=[\w-]+$/);
    const first = await me(jar);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      firstName: 'Sam',
      lastName: 'Student',
      email: 'sam.student@lms.example',
      role: 'student',
    });

    // The same platform account comes back as the same person, with the names the platform now has.
    const again = cookieJar();
    await env.launch(again, {
      claims: { sub: 'learner-77', given_name: 'Samantha', family_name: 'Student' },
    });
    const second = await me(again);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.firstName).toBe('Samantha');

    const [context] = await env.db.select().from(ltiContexts).where(eq(ltiContexts.contextId, 'course-1'));
    expect(context).toMatchObject({ title: 'Certificate III in Care', label: 'CHC' });
    const [link] = await env.db
      .select()
      .from(ltiResourceLinks)
      .where(eq(ltiResourceLinks.resourceLinkId, 'link-1'));
    expect(link?.contextId).toBe(context?.id);
  });

  it('makes an instructor an assessor awaiting approval (an untrusted platform), whose session says it began with LTI', async () => {
    const jar = cookieJar();
    await env.launch(jar, {
      claims: { sub: 'teacher-1', email: 'tess@lms.example', [`${lti}roles`]: [role('Instructor')] },
    });
    const { body } = await me(jar);
    expect(body.role).toBe('assessor');
    const sessionId = jar.cookies.get('evident_session')?.value ?? '';
    const auth = await env.services.authenticator.authenticate({ cookie: `evident_session=${sessionId}` });
    expect(auth.principal?.proof).toMatchObject({ kind: 'session', method: 'lti' });
    expect(auth.principal?.realUser.approved).toBe(false);
  });

  it('enrols a student in the unit the link names', async () => {
    const unit = await env.services.db.execute(
      `insert into units (unit_code, title) values ('CHCCCS015', 'Provide individualised support') returning id`,
    );
    const unitId =
      (unit as unknown as { rows?: { id: string }[] }).rows?.[0]?.id ??
      (unit as unknown as { id: string }[])[0]?.id;
    const jar = cookieJar();
    const { response } = await env.launch(jar, {
      claims: {
        sub: 'learner-enrol',
        [`${lti}resource_link`]: { id: 'link-unit' },
        [`${lti}custom`]: { unit_code: 'CHCCCS015' },
      },
    });
    // The student's dashboard opens on the link's unit.
    expect(response.headers.get('location')?.split('#')[0]).toBe(`/?unit=${unitId}`);
    const { body } = await me(jar);
    const rows = await env.services.db.execute(
      `select unit_id from enrolments where student_id = '${body.id}'`,
    );
    const list =
      (rows as unknown as { rows?: { unit_id: string }[] }).rows ??
      (rows as unknown as { unit_id: string }[]);
    expect(list.map((r) => r.unit_id)).toEqual([unitId]);
  });

  it('does not take over an existing account that has the same email', async () => {
    const existing = await env.signedIn('student', { email: 'owner@lms.example' });
    const jar = cookieJar();
    await env.launch(jar, { claims: { sub: 'someone-else', email: 'owner@lms.example' } });
    const { body } = await me(jar);
    expect(body.id).not.toBe(existing.user.id);
    expect(body.email).toMatch(/@lti\.invalid$/);
  });

  describe('valid edge cases of the certification suite', () => {
    it.each([
      ['no role at all', [], 'student'],
      ['short role names', ['Instructor'], 'assessor'],
      ['a short Learner', ['Learner'], 'student'],
      ['unknown roles', ['http://example.com/roles#Wizard', 'Wizard'], 'student'],
      [
        'a teaching assistant sub-role',
        ['http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant'],
        'assessor',
      ],
      [
        'an institution administrator only',
        ['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator'],
        'student',
      ],
      ['a context administrator', [role('Administrator')], 'assessor'],
    ])('%s', async (_name, roles, expected) => {
      const jar = cookieJar();
      const { response } = await env.launch(jar, {
        claims: { sub: `edge-${_name}`, [`${lti}roles`]: roles },
      });
      expect(response.status).toBe(303);
      expect((await me(jar)).body.role).toBe(expected);
    });
  });
});
