import { launchChromium, median, report, signIn, startServer } from './harness';

type Visit = { name: string; path: string; email?: string; ready: string };

const visits: Visit[] = [
  { name: 'landing page /', path: '/', ready: 'Get Started Free' },
  {
    name: 'student dashboard / (Jordan)',
    path: '/',
    email: 'jordan@demo.evident.local',
    ready: 'My Progress',
  },
  {
    name: 'grading screen /grading (assessor)',
    path: '/grading',
    email: 'assessor@demo.evident.local',
    ready: 'Grading',
  },
];

/**
 * Issue 20: what a first visit costs on the wire, as Chromium receives it (compressed bodies and
 * headers, from the DevTools protocol's encodedDataLength), with an empty cache, until the network
 * goes idle. The live stream is left out: it stays open and carries what happens, not the page.
 */
export async function benchWire(): Promise<void> {
  console.log('\n# Bytes on the wire, first visit (Chromium, empty cache, to network idle)');
  const server = await startServer({ SEED_DEMO: '1' });
  const browser = await launchChromium();
  try {
    for (const visit of visits) {
      const context = await browser.newContext();
      if (visit.email) {
        const [name = '', value = ''] = (await signIn(server.url, visit.email, 'evident-demo')).split('=');
        await context.addCookies([{ name, value, url: server.url }]);
      }
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const urls = new Map<string, string>();
      const bytes = new Map<string, number>();
      cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
      cdp.on('Network.loadingFinished', (event) => bytes.set(event.requestId, event.encodedDataLength));
      await page.goto(`${server.url}${visit.path}`, { waitUntil: 'networkidle' });
      await page.getByText(visit.ready, { exact: false }).first().waitFor();
      await page.waitForLoadState('networkidle');
      let total = 0;
      let scripts = 0;
      for (const [id, size] of bytes) {
        const url = urls.get(id) ?? '';
        if (url.includes('/trpc/live.events.stream')) continue;
        total += size;
        if (new URL(url).pathname.endsWith('.js')) scripts += size;
      }
      report(
        `${visit.name}: all requests`,
        `${(total / 1024).toFixed(1)} KB`,
        visit.email ? undefined : '< 120 KB',
      );
      report(`  of which JavaScript`, `${(scripts / 1024).toFixed(1)} KB`);
      await context.close();
    }
    await serverRenderTimes(server.url);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * What rendering a first screen costs the server (apps/server/src/first-screen.ts): the page of
 * Jordan's dashboard and the grading screen, against the query the dashboard shows alone, median of
 * 20 after one to load the render.
 */
async function serverRenderTimes(url: string): Promise<void> {
  const student = await signIn(url, 'jordan@demo.evident.local', 'evident-demo');
  const assessor = await signIn(url, 'assessor@demo.evident.local', 'evident-demo');
  const timed = async (path: string, cookie: string) => {
    await fetch(`${url}${path}`, { headers: { cookie } }).then((res) => res.text());
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await fetch(`${url}${path}`, { headers: { cookie, 'accept-encoding': 'br' } }).then((res) =>
        res.text(),
      );
      times.push(performance.now() - started);
    }
    return `${median(times).toFixed(1)} ms`;
  };
  report('server: the dashboard page, rendered (Jordan)', await timed('/', student));
  report('  its query alone (student.tasks.list)', await timed('/trpc/student.tasks.list', student));
  report('server: the grading page, rendered (assessor)', await timed('/grading', assessor));
}
