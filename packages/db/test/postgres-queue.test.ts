import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// patches/postgres@3.4.9.patch changes postgres.js' connection queue (how its pool moves connections
// between idle and busy): these check that it is still a first-in, first-out queue with removal.
type Queue<T> = { readonly length: number; push(x: T): T; shift(): T | undefined; remove(x: T): T | null };

// The package's exports name only its entry (cjs/src/index.js); the module copy (src/) is the one the
// server's bundle holds.
const cjsEntry = createRequire(import.meta.url).resolve('postgres');
const copies = {
  module: join(dirname(cjsEntry), '..', '..', 'src', 'queue.js'),
  commonjs: join(dirname(cjsEntry), 'queue.js'),
};

describe.each(Object.entries(copies))("postgres.js' patched connection queue (%s)", (_, file) => {
  const loadQueue = async (): Promise<<T>(initial?: T[]) => Queue<T>> =>
    (await import(pathToFileURL(file).href)).default;

  it('shifts in the order pushed, and removes from anywhere', async () => {
    const Queue = await loadQueue();
    const queue = Queue(['a', 'b']);
    queue.push('c');
    queue.push('d');
    expect(queue.shift()).toBe('a');
    expect(queue.remove('c')).toBe('c');
    expect(queue.remove('c')).toBeNull();
    expect(queue.length).toBe(2);
    expect([queue.shift(), queue.shift(), queue.shift()]).toEqual(['b', 'd', undefined]);
    expect(queue.length).toBe(0);
  });

  it('does not find what was already shifted out', async () => {
    const Queue = await loadQueue();
    const queue = Queue(['a', 'b', 'c']);
    expect(queue.shift()).toBe('a');
    expect(queue.remove('a')).toBeNull();
    expect(queue.length).toBe(2);
  });

  it('stays a queue through the pool’s cycle, a busy connection shifted, moved back, and removed', async () => {
    const Queue = await loadQueue();
    const connections = ['c1', 'c2', 'c3'];
    const busy = Queue(connections);
    for (let n = 0; n < 10_000; n += 1) {
      const next = busy.shift() as string;
      expect(next).toBe(connections[n % 3]);
      busy.remove(next);
      busy.push(next);
    }
    expect(busy.length).toBe(3);
    // Every connection finishes (removed, not shifted): empty, and it starts again from nothing.
    for (const connection of connections) expect(busy.remove(connection)).toBe(connection);
    expect(busy.length).toBe(0);
    busy.push('c4');
    expect(busy.length).toBe(1);
    expect(busy.shift()).toBe('c4');
    expect(busy.shift()).toBeUndefined();
  });
});
