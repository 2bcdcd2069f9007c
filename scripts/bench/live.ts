import { median, type RunningServer, report, signIn, startServer } from './harness';

const samples = 20;

/** Issue 12: from a student recording evidence (over the API) to the event on an assessor's open SSE stream. */
export async function benchLive(): Promise<void> {
  console.log('\n# Live updates');
  const server = await startServer({ SEED_DEMO: '1' });
  try {
    await measure('evidence recorded -> assessor stream, one instance (PGlite)', server, server);
  } finally {
    await server.stop();
  }
  const databaseUrl = process.argv.find((arg) => arg.startsWith('--postgres='))?.slice('--postgres='.length);
  if (!databaseUrl) {
    console.log('(pnpm bench live --postgres=<url of an empty database> also measures two instances)');
    return;
  }
  // Two instances on one database: the student talks to one, the assessor listens on the other.
  const shared = { DATABASE_URL: databaseUrl, FILES_SECRET: 'bench-files-secret-bench-files-secret' };
  const first = await startServer({ ...shared, SEED_DEMO: '1' });
  const second = await startServer({ ...shared, SEED_DEMO: '0' });
  try {
    await measure('evidence recorded -> assessor stream, across instances (PG)', first, second);
  } finally {
    await second.stop();
    await first.stop();
  }
}

type Stream = { waitFor(text: string): Promise<void>; close(): void };

/** An assessor's live stream, read as the browser's EventSource would. */
async function openStream(server: RunningServer, cookie: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/trpc/live.events.stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!response.ok || !reader) throw new Error(`live stream: ${response.status}`);
  let text = '';
  const waiting: { current: { needle: string; resolve(): void } | null } = { current: null };
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      text += chunk.value;
      const wanted = waiting.current;
      if (wanted && text.includes(wanted.needle)) {
        waiting.current = null;
        wanted.resolve();
      }
    }
  })();
  return {
    waitFor: (needle) =>
      text.includes(needle)
        ? Promise.resolve()
        : new Promise((resolve) => {
            waiting.current = { needle, resolve };
          }),
    close: () => controller.abort(),
  };
}

async function api(server: RunningServer, cookie: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

async function measure(name: string, studentServer: RunningServer, assessorServer: RunningServer) {
  const assessor = await signIn(assessorServer.url, 'assessor@demo.evident.local', 'evident-demo');
  const stream = await openStream(assessorServer, assessor);
  await stream.waitFor('"connected"');
  const student = await signIn(studentServer.url, 'jordan@demo.evident.local', 'evident-demo');
  const tasks = (await api(studentServer, student, '/api/student/tasks')) as {
    id: string;
    submission: unknown;
  }[];
  const open = tasks.filter((task) => task.submission === null).slice(0, samples);
  const latencies: number[] = [];
  for (const task of open) {
    const grant = (await api(studentServer, student, '/api/evidence/upload-url', {
      fileName: 'Checklist.pdf',
      fileType: 'application/pdf',
    })) as { uploadUrl: string; objectPath: string };
    const target = new URL(grant.uploadUrl, studentServer.url);
    const put = await fetch(`${studentServer.url}${target.pathname}${target.search}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: pdf,
    });
    if (!put.ok) throw new Error(`PUT: ${put.status} ${await put.text()}`);
    const started = performance.now();
    const recorded = (await api(studentServer, student, '/api/evidence', {
      taskId: task.id,
      fileName: 'Checklist.pdf',
      fileType: 'application/pdf',
      objectPath: grant.objectPath,
    })) as { submission: { id: string } };
    await stream.waitFor(recorded.submission.id);
    latencies.push(performance.now() - started);
  }
  stream.close();
  report(`${name}, median of ${latencies.length}`, `${median(latencies).toFixed(1)} ms`, '< 1000 ms');
  report(`  slowest`, `${Math.max(...latencies).toFixed(1)} ms`);
}
