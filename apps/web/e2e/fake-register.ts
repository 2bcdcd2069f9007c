// A stand-in for training.gov.au on loopback, speaking its JSON shapes (unit, release, content bundles
// whose content is HTML). It knows one unit; every other code gets the register's 404.
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

const routes: Record<string, unknown> = {
  '/api/training/BSBWHS211': {
    code: 'BSBWHS211',
    title: 'Contribute to the health and safety of self and others',
    componentType: ['Unit'],
    releases: [{ releaseNumber: '1', releaseDate: '2020-11-24T00:00:00', currency: 'Current' }],
  },
  '/api/training/BSBWHS211/releases/1': {
    releaseNumber: '1',
    contentBundles: [{ id: 'whs-pe', type: 'Unit' }],
  },
  '/api/content/bundle/whs-pe': {
    id: 'whs-pe',
    items: [
      {
        contentType: 'Application',
        content: '<p>This unit describes the skills required to work safely.</p>',
      },
      { contentType: 'PerformanceEvidence', title: 'Performance evidence', content: performanceEvidence },
    ],
  },
};

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (pathname === '/healthz') return send(response, 200, { ok: true });
  const body = routes[pathname];
  if (request.method !== 'GET' || body === undefined)
    return send(response, 404, { title: 'Not Found', status: 404 });
  send(response, 200, body);
}).listen(port, '127.0.0.1');
