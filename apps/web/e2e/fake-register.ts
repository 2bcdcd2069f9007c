// A stand-in for training.gov.au on loopback, speaking its JSON shapes (unit, release, content bundles
// whose content is HTML, every section of a unit). It knows two units; every other code gets the
// register's 404. POST /__release/2 publishes a second release of REVWHS29 (one item reworded, one
// added), as the register does when a unit is revised, so a spec can fetch it again and see what changed.
import { createServer, type ServerResponse } from 'node:http';

const port = Number(process.env.E2E_REGISTER_PORT ?? 4318);

const performanceEvidence = `<p>The candidate must demonstrate the ability to complete the tasks outlined in the elements,
performance criteria and foundation skills of this unit, including evidence of the ability to:</p>
<ul>
  <li>identify and report hazards in the work area</li>
  <li>follow safe work procedures &amp; instructions, including:
    <ul><li>emergency procedures</li><li>use of personal protective equipment</li></ul>
  </li>
  <li>contribute to a workplace health and safety consultation meeting</li>
  <li>complete an incident report form</li>
</ul>`;

const criteria = `<table>
<tr><td><p>ELEMENT</p></td><td><p>PERFORMANCE CRITERIA</p></td></tr>
<tr><td><p>1. Work safely</p></td><td><p>1.1 Follow safe work practices</p><p>1.2 Use personal protective equipment</p></td></tr>
<tr><td><p>2. Report hazards</p></td><td><p>2.1 Identify hazards in the work area</p><p>2.2 Report hazards to the supervisor</p></td></tr>
</table>`;

const knowledge = (
  revised: boolean,
) => `<p>The candidate must be able to demonstrate knowledge to complete the tasks
outlined in the elements, performance criteria and foundation skills of this unit, including knowledge of:</p>
<ul>
  <li>${revised ? 'roles and responsibilities of workers and supervisors under WHS law' : 'roles and responsibilities under WHS law'}</li>
  <li>hazards in the work area, including:<ul><li>manual handling</li><li>slips, trips and falls</li></ul></li>
  ${revised ? '<li>psychosocial hazards</li>' : ''}
</ul>`;

const conditions = `<p>Assessment of the skills in this unit of competency must take place under the following conditions:</p>
<ul><li>physical conditions:<ul><li>a workplace or an environment that accurately represents workplace conditions</li></ul></li></ul>
<p>Assessors of this unit must satisfy the requirements for assessors in applicable vocational education and training legislation, frameworks and/or standards.</p>`;

const skills = `<table><tr><th>Skill</th><th>Description</th></tr>
<tr><td>Reading</td><td><ul><li>Interprets safety signs and instructions</li></ul></td></tr></table>`;

function bundle(id: string, revised: boolean) {
  return {
    id,
    items: [
      {
        contentType: 'Application',
        content: '<p>This unit describes the skills required to work safely.</p>',
      },
      { contentType: 'PerformanceCriteria', title: 'Elements and performance criteria', content: criteria },
      { contentType: 'PerformanceEvidence', title: 'Performance evidence', content: performanceEvidence },
      { contentType: 'KnowledgeEvidence', title: 'Knowledge evidence', content: knowledge(revised) },
      { contentType: 'AssessmentConditions', title: 'Assessment conditions', content: conditions },
      { contentType: 'FoundationSkills', title: 'Foundation skills', content: skills },
    ],
  };
}

// BSBWHS211 stays at release 1 for every spec; REVWHS29, a test unit with the same text, is the one a
// spec revises (specs run in parallel and share this register).
let revised = '1';

function unit(code: string, title: string, current: string, bundlePrefix: string): Record<string, unknown> {
  return {
    [`/api/training/${code}`]: {
      code,
      title,
      componentType: ['Unit'],
      releases: [
        {
          releaseNumber: '1',
          releaseDate: '2020-11-24T00:00:00',
          currency: current === '1' ? 'Current' : 'Superseded',
        },
        ...(current === '2'
          ? [{ releaseNumber: '2', releaseDate: '2025-07-01T00:00:00', currency: 'Current' }]
          : []),
      ],
    },
    [`/api/training/${code}/releases/1`]: {
      releaseNumber: '1',
      contentBundles: [{ id: `${bundlePrefix}-1`, type: 'Unit' }],
    },
    [`/api/training/${code}/releases/2`]: {
      releaseNumber: '2',
      contentBundles: [{ id: `${bundlePrefix}-2`, type: 'Unit' }],
    },
    [`/api/content/bundle/${bundlePrefix}-1`]: bundle(`${bundlePrefix}-1`, false),
    [`/api/content/bundle/${bundlePrefix}-2`]: bundle(`${bundlePrefix}-2`, true),
  };
}

function routes(): Record<string, unknown> {
  return {
    ...unit('BSBWHS211', 'Contribute to the health and safety of self and others', '1', 'whs'),
    ...unit('REVWHS29', 'Contribute to health and safety (a unit revised in testing)', revised, 'rev'),
  };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (pathname === '/healthz') return send(response, 200, { ok: true });
  const release = /^\/__release\/([12])$/.exec(pathname);
  if (request.method === 'POST' && release?.[1]) {
    revised = release[1];
    return send(response, 200, { current: revised });
  }
  const body = routes()[pathname];
  if (request.method !== 'GET' || body === undefined)
    return send(response, 404, { title: 'Not Found', status: 404 });
  send(response, 200, body);
}).listen(port, '127.0.0.1');
