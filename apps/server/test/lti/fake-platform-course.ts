import { randomUUID } from 'node:crypto';
import { escapeHtml, json, lti, type Member, type PlatformRoutes, readBody } from './fake-platform-http';

/**
 * The LMS's own pages a browser opens: the course link, which starts a third-party-initiated login
 * at the tool, and the course page that frames the tool and offers it the 1EdTech platform storage;
 * beside them, what a test in another process sets and reads (the roster, the gradebook).
 */
export const coursePages: PlatformRoutes = async (state, req, res, url) => {
  const { origin, issuer, clientId, deploymentId } = state;
  if (url.pathname === '/course/launch' && state.toolUrl) {
    // The course page's link: third-party-initiated login at the tool, for the person named.
    // `role=Instructor` launches a teacher (with the roster service); `framed=1` comes from the
    // course page's iframe, offering the platform storage; `tool_host` reaches the tool by another
    // name (localhost), so the iframe is another site than this page, as an LMS's is.
    const q = url.searchParams;
    const hint = randomUUID();
    const teacher = q.get('role') === 'Instructor';
    state.plans.set(hint, {
      claims: {
        sub: q.get('sub') ?? 'learner-1',
        given_name: q.get('given_name') ?? 'Lee',
        family_name: q.get('family_name') ?? 'Learner',
        email: q.get('email') ?? undefined,
        [`${lti}resource_link`]: { id: q.get('link') ?? 'link-1', title: 'Evidence portfolio' },
        [`${lti}custom`]: q.get('unit_code') ? { unit_code: q.get('unit_code') } : undefined,
        // `course=` gives a spec a course of its own: another spec's roster sync in the shared course
        // ends the enrolments of learners it does not list.
        ...(q.get('course')
          ? { [`${lti}context`]: { id: q.get('course'), label: 'CHC', title: `Course ${q.get('course')}` } }
          : {}),
        ...(q.get('lineitem')
          ? {
              'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
                scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
                lineitem: `${origin}/lineitems/${q.get('lineitem')}`,
              },
            }
          : {}),
        ...(teacher
          ? {
              [`${lti}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
              'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
                context_memberships_url: `${origin}/memberships/${q.get('course') ?? 'course-1'}`,
                service_versions: ['2.0'],
              },
            }
          : {}),
      },
    });
    const tool = new URL(state.toolUrl);
    if (q.get('tool_host')) tool.hostname = q.get('tool_host') ?? tool.hostname;
    const toolOrigin = tool.origin;
    const login = new URL(`${toolOrigin}/lti/login`);
    for (const [name, value] of Object.entries({
      iss: issuer,
      login_hint: q.get('sub') ?? 'learner-1',
      target_link_uri: `${toolOrigin}/lti/launch`,
      lti_message_hint: hint,
      client_id: clientId,
      lti_deployment_id: deploymentId,
      ...(q.get('framed') ? { lti_storage_target: '_parent' } : {}),
    }))
      login.searchParams.set(name, value);
    return res.writeHead(302, { location: login.toString() }).end();
  }
  if (url.pathname === '/course/page') {
    // The LMS course page: the tool in an iframe, and the 1EdTech platform storage it may use
    // (lti.put_data / lti.get_data by postMessage, kept per tool origin).
    const launch = new URLSearchParams(url.searchParams);
    launch.set('framed', '1');
    return res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body>
<h1>Certificate III in Care</h1>
<iframe id="tool" title="Evident" src="/course/launch?${escapeHtml(launch.toString())}" style="width:100%;height:700px;border:1px solid #ccc"></iframe>
<script>
const store = new Map();
window.storageCalls = [];
window.addEventListener('message', (event) => {
  const m = event.data || {};
  if (m.subject !== 'lti.put_data' && m.subject !== 'lti.get_data') return;
  window.storageCalls.push({ subject: m.subject, key: m.key, origin: event.origin });
  const key = event.origin + ' ' + m.key;
  if (m.subject === 'lti.put_data') store.set(key, m.value);
  event.source.postMessage({ subject: m.subject + '.response', message_id: m.message_id, key: m.key, value: store.get(key) }, event.origin);
});
</script></body></html>`);
  }
  if (url.pathname === '/course/fail-scores' && req.method === 'POST') {
    // The gradebook is down (503) for this many score posts; set by a test in another process.
    state.scoreFailuresLeft = Number((JSON.parse(await readBody(req)) as { count?: number }).count ?? 0);
    return json(res, 200, { failing: state.scoreFailuresLeft });
  }
  if (url.pathname === '/course/scores') return json(res, 200, state.scores);
  if (url.pathname === '/course/members' && req.method === 'POST') {
    // The course roster, set by a test running against this platform in another process.
    state.members = JSON.parse(await readBody(req)) as Member[];
    return json(res, 200, { members: state.members.length });
  }
  return undefined;
};
