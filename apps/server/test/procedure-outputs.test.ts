import { appRouter } from '@evident/api/root';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/**
 * The typed client exposes every procedure's answer to outside scripts, and the OpenAPI document
 * describes the REST paths from the same schemas: so every query and mutation declares what it
 * answers (`.output(...)`), checked at run time, and cannot change it unnoticed. A subscription's
 * events are typed by its generator and documented nowhere else, so it is left out.
 */
type ProcedureDef = { type: 'query' | 'mutation' | 'subscription'; output?: z.ZodType };

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>,
).map(([path, procedure]) => ({ path, ...procedure._def }));

describe('procedure outputs', () => {
  it('finds the router’s procedures', () => {
    expect(procedures.length).toBeGreaterThan(80);
    expect(procedures.filter((p) => p.type === 'subscription').map((p) => p.path)).toEqual([
      'live.events.stream',
    ]);
  });

  it('every query and mutation declares an output schema', () => {
    const missing = procedures
      .filter((p) => p.type !== 'subscription' && !p.output)
      .map((p) => `${p.type} ${p.path}`);
    expect(missing).toEqual([]);
  });

  it('the output schemas are zod schemas that can say what they accept', () => {
    for (const { path, output } of procedures) {
      if (!output) continue;
      expect(typeof output.safeParse, path).toBe('function');
    }
  });
});
