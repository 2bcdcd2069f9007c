import { generateTasksOffline } from '@evident/ai/offline-generator';
import { median, report, signIn, startServer } from './harness';

const twelveItems = `Summary prepared for benchmarking.
The candidate must demonstrate the following on at least two occasions:
${[
  'plan the work and identify hazards at the work site',
  'select, inspect and fit personal protective equipment',
  'check tools and equipment are safe to use',
  'set up barricades and signage',
  'carry out the task following safe work procedures',
  'use safe manual handling techniques',
  'respond to an emergency following site procedures',
  'report hazards and incidents to the supervisor',
  'complete required workplace documentation',
  'clean up the work area and dispose of waste',
  'communicate with team members using agreed signals',
  'review the work with the supervisor and record feedback',
].join('\n')}`;

/** Issue 3: offline generation time, admin unit list latency at 2,000 units. */
export async function benchCurriculum(): Promise<void> {
  console.log('\n# Units and tasks');
  const input = { unitCode: 'BENCH001', title: 'Benchmark unit', performanceEvidence: twelveItems };
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    generateTasksOffline(input);
    times.push(performance.now() - started);
  }
  report(
    'offline generation, 12 Performance Evidence items (median)',
    `${median(times).toFixed(2)} ms`,
    '< 50 ms',
  );

  const server = await startServer({ SEED_DEMO: '1' });
  try {
    const cookie = await signIn(server.url, 'admin@demo.evident.local', 'evident-demo');
    // Through the API, as an admin would: the running server holds the PGlite files.
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          fetch(`${server.url}/api/admin/units`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({
              unitCode: `BEN${String(batch * 100 + i).padStart(5, '0')}`,
              title: `Benchmark unit ${batch * 100 + i}`,
            }),
          }),
        ),
      );
    }
    const latencies: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/admin/units`, { headers: { cookie } });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
    }
    report('GET /api/admin/units with 2,000 units (median)', `${median(latencies).toFixed(1)} ms`);
  } finally {
    await server.stop();
  }
}
