import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { median } from './harness';

/** A server being measured: where it listens and the process whose CPU time is counted. */
export type Target = { name: string; url: string; pid: number };

export type Figures = {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  cpuMsPerRequest: number;
  load: number;
};

/** CPU time (user + system, every thread) the process has used so far, in ms (ticks are 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const load = () => loadavg()[0] ?? 0;

/** One request through the server's queue: it answers once those before it are answered. */
async function settle(target: Target, path: string, cookie: string): Promise<void> {
  await fetch(`${target.url}${path}`, { headers: { cookie } }).then((res) => res.arrayBuffer());
}

/** One autocannon run against one server, with the CPU its process spent per answered request. */
export async function measure(
  target: Target,
  path: string,
  cookie: string,
  connections: number,
  seconds: number,
): Promise<Figures> {
  const before = cpuMs(target.pid);
  const result = await autocannon({
    url: `${target.url}${path}`,
    connections,
    duration: seconds,
    headers: { cookie },
  });
  // Requests still queued when the window closed finish now, before the other server's turn: on
  // PGlite, whose statements run one at a time, they would otherwise be the next run's first second.
  await settle(target, path, cookie);
  const spent = cpuMs(target.pid) - before;
  // Every request sent was answered by now (the window's, those still queued, and the settling one).
  const answered = result.requests.sent + 1;
  return {
    reqPerSec: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    cpuMsPerRequest: spent / answered,
    load: load(),
  };
}

const pad = (value: string, width: number) => value.padStart(width);

export function printHeader(): void {
  console.log(
    `  ${'round'.padEnd(7)}${'server'.padEnd(9)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('errors', 8)}${pad('timeouts', 10)}${pad('non-2xx', 9)}${pad('CPU ms/req', 12)}${pad('load', 6)}`,
  );
}

function row(round: string, server: string, f: Figures): void {
  console.log(
    `  ${round.padEnd(7)}${server.padEnd(9)}${pad(f.reqPerSec.toFixed(f.reqPerSec < 10 ? 1 : 0), 8)}${pad(String(f.p50), 8)}${pad(String(f.p99), 8)}${pad(String(f.errors), 8)}${pad(String(f.timeouts), 10)}${pad(String(f.non2xx), 9)}${pad(f.cpuMsPerRequest.toFixed(f.cpuMsPerRequest < 1 ? 3 : 2), 12)}${pad(f.load.toFixed(1), 6)}`,
  );
}

export type Comparison = { evident: Figures; limit: Figures; ratio: number };

/**
 * Evident and the limit in turn, A B A B…, `rounds` times each after a short warm-up of both, so a
 * change in the machine's load meets both alike; then the medians and Evident / limit (req/s).
 */
export async function alternate(
  evident: Target,
  limit: Target,
  path: string,
  cookies: { evident: string; limit: string },
  options: { connections: number; seconds: number; rounds: number },
): Promise<Comparison> {
  const { connections, seconds, rounds } = options;
  await measure(evident, path, cookies.evident, connections, 1);
  await measure(limit, path, cookies.limit, connections, 1);
  const runs = { evident: [] as Figures[], limit: [] as Figures[] };
  for (let round = 1; round <= rounds; round++) {
    const a = await measure(evident, path, cookies.evident, connections, seconds);
    row(String(round), evident.name, a);
    runs.evident.push(a);
    const b = await measure(limit, path, cookies.limit, connections, seconds);
    row(String(round), limit.name, b);
    runs.limit.push(b);
  }
  const summary = (list: Figures[]): Figures => ({
    reqPerSec: median(list.map((f) => f.reqPerSec)),
    p50: median(list.map((f) => f.p50)),
    p99: median(list.map((f) => f.p99)),
    errors: list.reduce((sum, f) => sum + f.errors, 0),
    timeouts: list.reduce((sum, f) => sum + f.timeouts, 0),
    non2xx: list.reduce((sum, f) => sum + f.non2xx, 0),
    cpuMsPerRequest: median(list.map((f) => f.cpuMsPerRequest)),
    load: median(list.map((f) => f.load)),
  });
  const result = { evident: summary(runs.evident), limit: summary(runs.limit) };
  row('median', evident.name, result.evident);
  row('median', limit.name, result.limit);
  const ratio = result.evident.reqPerSec / (result.limit.reqPerSec || 1);
  console.log(
    `  Evident / limit: ${ratio.toFixed(2)} (req/s); CPU per request ${(
      result.evident.cpuMsPerRequest / (result.limit.cpuMsPerRequest || 1)
    ).toFixed(
      2,
    )}x the limit's; p99 ${(result.evident.p99 / (result.limit.p99 || 1)).toFixed(2)}x   (load ${load().toFixed(1)})`,
  );
  return { ...result, ratio };
}
