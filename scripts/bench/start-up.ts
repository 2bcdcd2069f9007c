import { loadavg } from 'node:os';
import { median, report, startServer } from './harness';
import { procStatusKb } from './process-memory';

/** RSS of a server at rest, with the machine's 1-minute load average beside it (RSS holds under load; times do not). */
function restingRss(pid: number | undefined): string {
  const kb = pid === undefined ? 0 : procStatusKb(pid, 'VmRSS');
  return `${(kb / 1024).toFixed(0)} MB (load ${loadavg()[0]?.toFixed(1)})`;
}

/** At rest: start-up's garbage has had a moment to settle and nothing is being asked of the server. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5000));

/**
 * Issue 2: start-up time; issue 15: memory at rest after a newcomer's first start and after a
 * restart, each on the built bundle as `pnpm start` runs it.
 */
export async function benchStartUp(): Promise<void> {
  console.log('\n# Start-up and memory at rest');
  // A newcomer's first `pnpm start`: a new data dir, initdb, every migration and the demo seed.
  const first = await startServer({});
  await settle();
  const firstRss = restingRss(first.process.pid);
  await first.stop();
  report('first start on an empty data dir (initdb, migrate, demo seed)', `${first.startupMs.toFixed(0)} ms`);
  report('RSS at rest after the first start (demo seed)', firstRss, '< 250 MB');
  const restarts: number[] = [];
  const restingKb: number[] = [];
  for (let i = 0; i < 3; i++) {
    const server = await startServer({}, first.dataDir);
    restarts.push(server.startupMs);
    await settle();
    if (server.process.pid !== undefined) restingKb.push(procStatusKb(server.process.pid, 'VmRSS'));
    await server.stop();
  }
  report(
    'start-up until /healthz answers (PGlite, median of 3)',
    `${median(restarts).toFixed(0)} ms`,
    '< 1500 ms',
  );
  report(
    'RSS at rest after a restart (median of 3)',
    `${(median(restingKb) / 1024).toFixed(0)} MB (load ${loadavg()[0]?.toFixed(1)})`,
    '< 250 MB',
  );
}
