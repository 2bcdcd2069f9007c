import type { RegisterUnit } from '@evident/core/curriculum';

type Entry = { unit: Promise<RegisterUnit>; expiresAt: number };

/**
 * Units by normalised code for a fixed time. Loads in flight are shared, so two admins asking
 * for the same unit at once cost one round of requests; failures are not kept, so a unit that
 * appears on the register, or an upstream that recovers, is seen on the next try.
 */
export class UnitCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { ttlMs: number; maxEntries: number; now: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now;
  }

  /** `fresh` loads again even when a copy is kept (an admin checking for a new release). */
  getOrLoad(
    code: string,
    load: (code: string) => Promise<RegisterUnit>,
    fresh = false,
  ): Promise<RegisterUnit> {
    const cached = this.#entries.get(code);
    if (cached && !fresh && cached.expiresAt > this.#now()) return cached.unit;
    this.#entries.delete(code);

    const unit = load(code);
    const entry: Entry = { unit, expiresAt: this.#now() + this.#ttlMs };
    this.#entries.set(code, entry);
    unit.catch(() => {
      if (this.#entries.get(code) === entry) this.#entries.delete(code);
    });
    this.#evictOldest();
    return unit;
  }

  #evictOldest(): void {
    // Maps iterate in insertion order, so the first keys are the oldest entries.
    for (const code of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) return;
      this.#entries.delete(code);
    }
  }
}
