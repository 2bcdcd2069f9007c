import { AppError } from '@evident/core/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTgaClient, type TgaClientConfig } from '../src/tga-client';
import { type FakeRegister, sendJson, startFakeRegister } from './fake-register-server';

const PERFORMANCE_EVIDENCE_HTML = `<div>
<p>Evidence required to demonstrate competence must satisfy all of the requirements of the elements and
performance criteria. The candidate must work safely at heights on at least <strong>two</strong> occasions, including:</p>
<ul>
  <li>interpreting safety documents &amp; site procedures:
    <ul>
      <li>safe work method statements&nbsp;(SWMS)</li>
      <li>rescue plans &ndash; including &lsquo;suspension trauma&rsquo;
        <ul><li>&lt;Class 1&gt; anchors</li></ul>
      </li>
    </ul>
  </li>
  <li>inspecting   harnesses
      and lanyards</li>
</ul>
<p>In the course of the above, the candidate must:</p>
<ol><li>communicate with others on site</li></ol>
</div>`;

const PERFORMANCE_EVIDENCE_TEXT = [
  'Evidence required to demonstrate competence must satisfy all of the requirements of the elements and performance criteria. The candidate must work safely at heights on at least two occasions, including:',
  'interpreting safety documents & site procedures:',
  '  safe work method statements (SWMS)',
  '  rescue plans – including ‘suspension trauma’',
  '    <Class 1> anchors',
  'inspecting harnesses and lanyards',
  'In the course of the above, the candidate must:',
  'communicate with others on site',
].join('\n');

const PERFORMANCE_CRITERIA_HTML = `<table>
<tr><td><p>ELEMENT</p></td><td><p>PERFORMANCE CRITERIA</p></td></tr>
<tr><td><p>Elements describe the essential outcomes</p></td>
    <td><p>Performance criteria describe the performance needed to demonstrate achievement of the element.</p></td></tr>
<tr><td><p>1. Plan and prepare for work</p></td>
    <td><p>1.1 Access &amp; interpret work documents</p><p>1.2 Identify fall hazards</p></td></tr>
<tr><td><p>2.</p><p>Install fall protection</p></td>
    <td><p>2.1</p><p>Select anchor points</p><p>2.2 Fit the harness, including:</p>
        <ul><li>checking straps</li><li>adjusting the fit</li></ul></td></tr>
</table>`;

function component(code: string, title: string) {
  return {
    code,
    title,
    componentType: ['Unit'],
    isCurrent: true,
    releases: [
      { releaseNumber: '1', releaseDate: '2016-01-01T00:00:00', currency: 'Superseded' },
      { releaseNumber: '2', releaseDate: '2022-05-01T00:00:00', currency: 'Current', unknownField: { a: 1 } },
    ],
  };
}

function release(bundleIds: string[]) {
  return { releaseNumber: '2', contentBundles: bundleIds.map((id) => ({ id, type: 'Unit' })) };
}

const bundles = {
  '/api/content/bundle/pe-1': {
    id: 'pe-1',
    items: [
      { contentType: 'Application', title: 'Application', content: '<p>This unit describes...</p>' },
      {
        contentType: 'PerformanceEvidence',
        title: 'Performance evidence',
        content: PERFORMANCE_EVIDENCE_HTML,
      },
    ],
  },
  '/api/content/bundle/pc-1': {
    id: 'pc-1',
    items: [
      {
        contentType: 'PerformanceCriteria',
        title: 'Elements and performance criteria',
        content: PERFORMANCE_CRITERIA_HTML,
      },
      { contentType: 'KnowledgeEvidence', content: '<ul><li>fall arrest principles</li></ul>' },
      { contentType: 'AssessmentConditions', content: null },
    ],
  },
};

let register: FakeRegister;

beforeAll(async () => {
  register = await startFakeRegister({
    '/api/training/RIIWHS204E': (_req, res) =>
      sendJson(res, component('RIIWHS204E', 'Work safely at heights')),
    '/api/training/RIIWHS204E/releases/2': (_req, res) => sendJson(res, release(['pe-1', 'pc-1'])),
    ...Object.fromEntries(
      Object.entries(bundles).map(([path, body]) => [path, (_req, res) => sendJson(res, body)] as const),
    ),
    // Busy the first time, fine the second.
    '/api/training/BUSY001': (_req, res, hit) => {
      if (hit === 1) {
        res.writeHead(429, { 'retry-after': '0' });
        res.end('Too Many Requests');
        return;
      }
      sendJson(res, { code: 'BUSY001', title: 'A busy unit', releases: [{ releaseNumber: 1 }] });
    },
    '/api/training/BUSY001/releases/1': (_req, res) => sendJson(res, release(['pe-1'])),
    '/api/training/PATIENT001': (_req, res, hit) => {
      if (hit === 1) {
        res.writeHead(503, { 'retry-after': '3600' });
        res.end();
        return;
      }
      sendJson(res, { code: 'PATIENT001', title: 'A patient unit', releases: [] });
    },
    '/api/training/PATIENT001/releases/1': (_req, res) => sendJson(res, release([])),
    '/api/training/BROKEN001': (_req, res) => {
      res.writeHead(503);
      res.end('Service Unavailable');
    },
    '/api/training/REFUSED001': (_req, res) => {
      res.writeHead(400);
      res.end('Bad Request');
    },
    '/api/training/ODD001': (_req, res) => sendJson(res, { code: 'ODD001', title: 42 }),
    '/api/training/SLOW001': () => {
      // Never answers: the client's timeout must end the wait.
    },
  });
});

afterAll(async () => {
  await register.close();
});

function client(overrides: Partial<TgaClientConfig> = {}) {
  return createTgaClient({ baseUrl: register.baseUrl, retryBaseDelayMs: 1, ...overrides });
}

function recordWait(waits: number[]) {
  return async (ms: number) => {
    waits.push(ms);
  };
}

function requestsFor(code: string): string[] {
  return register.requests.filter((path) => path === `/api/training/${code}`);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('training.gov.au client', () => {
  it('reads the current release and turns Performance Evidence into indented plain text', async () => {
    const unit = await client().fetchUnit(' riiwhs204e ');

    expect(unit.code).toBe('RIIWHS204E');
    expect(unit.title).toBe('Work safely at heights');
    expect(unit.performanceEvidence).toBe(PERFORMANCE_EVIDENCE_TEXT);
    expect(register.urls).toContain('/api/training/RIIWHS204E?include=all&api-version=1.0');
    expect(register.requests).toContain('/api/training/RIIWHS204E/releases/2');
    expect(register.requests).not.toContain('/api/training/RIIWHS204E/releases/1');
  });

  it('parses elements and their performance criteria from the register table', async () => {
    const unit = await client().fetchUnit('RIIWHS204E');

    expect(unit.elements).toEqual([
      {
        title: 'Plan and prepare for work',
        performanceCriteria: ['Access & interpret work documents', 'Identify fall hazards'],
      },
      {
        title: 'Install fall protection',
        performanceCriteria: [
          'Select anchor points',
          'Fit the harness, including: checking straps; adjusting the fit',
        ],
      },
    ]);
  });

  it('says a unit the register does not know was not found', async () => {
    const error = await rejection(client().fetchUnit('xyz999'));

    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Unit XYZ999 was not found on the national training register');
  });

  it('refuses a code with punctuation without asking the register', async () => {
    const before = register.requests.length;
    const error = await rejection(client().fetchUnit('../admin'));

    expect(error.code).toBe('NOT_FOUND');
    expect(register.requests.length).toBe(before);
  });

  it('waits as long as Retry-After says and tries again when the register is busy', async () => {
    const waits: number[] = [];
    const unit = await client({ sleep: recordWait(waits) }).fetchUnit('BUSY001');

    expect(unit.title).toBe('A busy unit');
    expect(unit.elements).toEqual([]);
    expect(requestsFor('BUSY001')).toHaveLength(2);
    expect(waits).toEqual([0]);
  });

  it('caps a long Retry-After', async () => {
    const waits: number[] = [];
    const unit = await client({ sleep: recordWait(waits), maxRetryAfterMs: 2_000 }).fetchUnit('PATIENT001');

    expect(unit.title).toBe('A patient unit');
    expect(waits).toEqual([2_000]);
  });

  it('backs off exponentially and gives up after three attempts when the register keeps failing', async () => {
    const waits: number[] = [];
    const error = await rejection(
      client({ sleep: recordWait(waits), retryBaseDelayMs: 100 }).fetchUnit('BROKEN001'),
    );

    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toContain('HTTP 503');
    expect(requestsFor('BROKEN001')).toHaveLength(3);
    expect(waits).toEqual([100, 200]);
  });

  it('does not retry a request the register refuses', async () => {
    const error = await rejection(client().fetchUnit('REFUSED001'));

    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(requestsFor('REFUSED001')).toHaveLength(1);
  });

  it('reports an answer of the wrong shape as an upstream failure', async () => {
    const error = await rejection(client().fetchUnit('ODD001'));

    expect(error.code).toBe('UPSTREAM_FAILED');
  });

  it('stops waiting for a register that does not answer', async () => {
    const error = await rejection(client({ timeoutMs: 50, maxAttempts: 2 }).fetchUnit('SLOW001'));

    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toContain('did not answer within 50 ms');
    expect(requestsFor('SLOW001')).toHaveLength(2);
  });

  it('fails as upstream when nothing listens at the base URL', async () => {
    const closed = await startFakeRegister({});
    await closed.close();
    const error = await rejection(
      createTgaClient({ baseUrl: closed.baseUrl, retryBaseDelayMs: 1 }).fetchUnit('RIIWHS204E'),
    );

    expect(error.code).toBe('UPSTREAM_FAILED');
  });

  it('serves a unit from its cache for a day, then asks the register again', async () => {
    let now = Date.parse('2025-03-01T09:00:00Z');
    const cached = client({ now: () => now });

    await cached.fetchUnit('RIIWHS204E');
    const afterFirst = register.requests.length;

    now += 23 * 60 * 60 * 1000;
    const again = await cached.fetchUnit('riiwhs204e');
    expect(register.requests.length).toBe(afterFirst);
    expect(again.title).toBe('Work safely at heights');

    now += 2 * 60 * 60 * 1000;
    await cached.fetchUnit('RIIWHS204E');
    expect(register.requests.length).toBe(afterFirst + 4);
  });

  it('does not cache a failure', async () => {
    const cached = client();

    await rejection(cached.fetchUnit('NOPE001'));
    await rejection(cached.fetchUnit('NOPE001'));

    expect(requestsFor('NOPE001')).toHaveLength(2);
  });
});
