import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, formOf, type LtiEnv, startLtiEnv } from './lti/lti-harness';

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
const dl = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const instructor = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

let env: LtiEnv;
beforeAll(async () => {
  env = await startLtiEnv();
  await env.db.execute(
    `insert into units (unit_code, title) values ('HLTINF006', 'Apply basic principles and practices of infection prevention'), ('CHCCCS015', 'Provide individualised support')`,
  );
});
afterAll(async () => {
  await env?.close();
});

const deepLinkRequest = (settings: Record<string, unknown>) => ({
  claims: {
    sub: 'teacher-dl',
    [`${lti}message_type`]: 'LtiDeepLinkingRequest',
    [`${lti}roles`]: [instructor],
    [`${lti}resource_link`]: undefined,
    [`${dl}deep_linking_settings`]: {
      deep_link_return_url: `${env.platform.origin}/deeplink/return`,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      ...settings,
    },
  },
});

describe('LTI deep linking', () => {
  it('lets a teacher search units by code and returns a signed ltiResourceLink with a line item, echoing data', async () => {
    const jar = cookieJar();
    const form = await env.loginToForm(
      jar,
      env.platform.plan(deepLinkRequest({ accept_lineitem: true, data: 'opaque-123' })),
      {
        target_link_uri: `${env.publicUrl}/lti/deeplink`,
      },
    );
    expect(form.action).toBe(`${env.publicUrl}/lti/deeplink`);
    const chooser = await env.postForm(jar, form.action, form.fields);
    expect(chooser.status).toBe(200);
    const page = await chooser.text();
    expect(page).toContain('Choose the unit this link opens');
    expect(page).toContain('HLTINF006');
    expect(page).toContain('CHCCCS015');

    const request = formOf(page).fields.request ?? '';
    const search = await env.send(
      jar,
      `${env.publicUrl}/lti/deeplink/units?${new URLSearchParams({ request, q: 'hltinf' })}`,
    );
    const found = await search.text();
    expect(found).toContain('HLTINF006');
    expect(found).not.toContain('CHCCCS015');

    const choice =
      [
        ...found.matchAll(/<form method="post" action="\/lti\/deeplink\/respond">([\s\S]*?)<\/form>/g),
      ][0]?.[0] ?? '';
    const respond = await env.postForm(
      jar,
      `${env.publicUrl}/lti/deeplink/respond`,
      formOf(choice).fields,
      env.publicUrl,
    );
    expect(respond.status).toBe(200);
    const csp = respond.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`form-action 'self' ${env.platform.origin}`);
    const autoPost = formOf(await respond.text());
    expect(autoPost.action).toBe(`${env.platform.origin}/deeplink/return`);

    const back = await fetch(autoPost.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(autoPost.fields).toString(),
    });
    expect(back.status).toBe(200);
    const [message] = env.platform.deepLinkReturns;
    expect(message?.[`${lti}message_type`]).toBe('LtiDeepLinkingResponse');
    expect(message?.[`${lti}version`]).toBe('1.3.0');
    expect(message?.[`${lti}deployment_id`]).toBe(env.platform.deploymentId);
    expect(message?.[`${dl}data`]).toBe('opaque-123');
    const items = message?.[`${dl}content_items`] as Record<string, unknown>[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'ltiResourceLink',
      url: `${env.publicUrl}/lti/launch`,
      custom: { unit_code: 'HLTINF006' },
      lineItem: { scoreMaximum: 100, tag: 'evident-unit' },
    });
    expect(String(items[0]?.title)).toContain('HLTINF006');
  });

  it('sends no line item when the platform does not accept one, and no data when none came', async () => {
    const jar = cookieJar();
    const form = await env.loginToForm(jar, env.platform.plan(deepLinkRequest({})));
    const page = await (await env.postForm(jar, form.action, form.fields)).text();
    const choice =
      [
        ...page.matchAll(/<form method="post" action="\/lti\/deeplink\/respond">([\s\S]*?)<\/form>/g),
      ][0]?.[0] ?? '';
    const autoPost = formOf(
      await (
        await env.postForm(jar, `${env.publicUrl}/lti/deeplink/respond`, formOf(choice).fields, env.publicUrl)
      ).text(),
    );
    await fetch(autoPost.action, { method: 'POST', body: new URLSearchParams(autoPost.fields) });
    const message = env.platform.deepLinkReturns.at(-1);
    const items = message?.[`${dl}content_items`] as Record<string, unknown>[];
    expect(items[0]?.lineItem).toBeUndefined();
    expect(message?.[`${dl}data`]).toBeUndefined();
  });

  it('refuses a learner, a tampered choice and a missing return URL', async () => {
    const learner = cookieJar();
    const form = await env.loginToForm(
      learner,
      env.platform.plan({
        ...deepLinkRequest({}),
        claims: { ...deepLinkRequest({}).claims, sub: 'l-dl', [`${lti}roles`]: ['Learner'] },
      }),
    );
    const refused = await env.postForm(learner, form.action, form.fields);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('teachers choose');

    const tampered = await env.postForm(cookieJar(), `${env.publicUrl}/lti/deeplink/respond`, {
      request: 'x.y.z',
      unitId: '00000000-0000-0000-0000-000000000000',
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('expired');

    const noReturn = await env.launch(cookieJar(), {
      claims: {
        ...deepLinkRequest({}).claims,
        [`${dl}deep_linking_settings`]: { accept_types: ['ltiResourceLink'] },
      },
    });
    expect(noReturn.response.status).toBe(400);
    expect(await noReturn.response.text()).toContain('deep linking return URL');
  });

  it('launching the deep-linked link enrols the student in the chosen unit', async () => {
    const jar = cookieJar();
    await env.launch(jar, {
      claims: {
        sub: 'learner-dl',
        [`${lti}resource_link`]: { id: 'dl-link' },
        [`${lti}custom`]: { unit_code: 'HLTINF006' },
      },
    });
    const tasks = await env.send(jar, `${env.publicUrl}/api/auth/user`);
    const user = await tasks.json();
    const rows = await env.db.execute(
      `select u.unit_code from enrolments e join units u on u.id = e.unit_id where e.student_id = '${user.id}'`,
    );
    const list =
      (rows as unknown as { rows?: { unit_code: string }[] }).rows ??
      (rows as unknown as { unit_code: string }[]);
    expect(list.map((r) => r.unit_code)).toEqual(['HLTINF006']);
  });
});
