import type { DomainEvent } from '@evident/core/events';
import type { EventBus } from '@evident/core/ports/events';
import { openDatabase } from '@evident/db/client';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { openStream } from './live-fixtures';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const envs: TestEnv[] = [];
afterAll(async () => {
  for (const env of envs.reverse()) await env.close();
});

describe.runIf(onPostgres)('the LISTEN connection drops (PostgreSQL)', () => {
  it('open streams are told to resync, and events from the other instance flow again afterwards', async () => {
    const one = await createTestEnv();
    envs.push(one);
    const url = one.database.url;
    if (!url) throw new Error('the PostgreSQL test database has no url');
    const two = await createTestEnv({
      database: await openDatabase({ kind: 'postgres', url, maxConnections: 4 }),
    });
    envs.push(two);
    const assessor = await one.signedIn('assessor');
    const stream = await openStream(await assessor.caller());
    expect((await stream.next()).data).toEqual({ type: 'connected' });

    // Every LISTEN connection on this database is cut, as a failover or an idle-connection killer does.
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const relistened = new Promise<void>((resolve) => {
      const stop = one.services.events.onResync?.(() => {
        stop?.();
        resolve();
      });
    });
    try {
      const killed = await admin`
        select pg_terminate_backend(pid) as killed from pg_stat_activity
        where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`;
      expect(killed.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await relistened;
    const heard = await stream.readUntil((m) => m.data.type === 'resync');
    expect(heard.map((m) => m.data.type)).toEqual(['resync']);

    // Listening again: an event published on the other instance reaches the stream.
    await two.services.events.publish({
      type: 'unit.changed',
      unitId: '00000000-0000-4000-8000-000000000001',
    });
    const after = await stream.readUntil((m) => m.data.type === 'unit.changed');
    expect(after.at(-1)?.data).toEqual({
      type: 'unit.changed',
      unitId: '00000000-0000-4000-8000-000000000001',
    });
    await stream.close();
  });
});

describe('a bus that may have missed events', () => {
  it('makes every open stream resync, and an id from before the gap no longer replays', async () => {
    // A bus that signals a gap on demand, as the PostgreSQL bus does when its listener reconnects.
    const listeners = new Set<(event: DomainEvent) => void>();
    const resyncs = new Set<() => void>();
    const bus: EventBus = {
      async publish(event) {
        for (const listener of listeners) listener(event);
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onResync(listener) {
        resyncs.add(listener);
        return () => resyncs.delete(listener);
      },
    };
    const env = await createTestEnv({ events: bus });
    envs.push(env);
    const assessor = await env.signedIn('assessor');
    const caller = await assessor.caller();
    const stream = await openStream(caller);
    const connected = await stream.next();
    expect(connected.data).toEqual({ type: 'connected' });
    await env.services.events.publish({
      type: 'unit.changed',
      unitId: '00000000-0000-4000-8000-000000000002',
    });
    expect((await stream.next()).data.type).toBe('unit.changed');

    for (const resync of resyncs) resync();
    expect((await stream.next()).data).toEqual({ type: 'resync' });
    await stream.close();

    // A client that drops and comes back with the id from before the gap is told to refetch too.
    const resumed = await openStream(caller, connected.id);
    expect((await resumed.next()).data).toEqual({ type: 'resync' });
    await resumed.close();
  });
});
