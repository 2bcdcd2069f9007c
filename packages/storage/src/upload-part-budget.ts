import type { AppError } from '@evident/core/errors';
import { tooLarge } from './local-disk-files';

/**
 * Holds the parts of one upload together to its grant while several are written at once. Each part
 * on disk is only seen once it is finished, so parallel parts each saw room for themselves and ten
 * 1 MiB parts all landed against a 1 MiB grant. Here every part being written reserves what it has
 * declared (Content-Length) or received so far, whichever is more, against what the finished parts
 * already hold; the part whose bytes would pass the grant is refused at that byte. Attempts at the
 * same part number count once, at the largest, since only one of them is kept. A reservation is
 * given back when its part is finished (its size moves to the finished parts) or fails.
 *
 * In-process: one server writes a local store's files (DATA_DIR is locked to one process).
 */

type Writer = { part: number; reserved: number };

type Ledger = {
  /** Finished parts' sizes, read from disk when the ledger is opened and kept up to date after. */
  finished: Promise<Map<number, number>>;
  writers: Set<Writer>;
};

export type PartReservation = {
  /** Counts the part's bytes received so far; the refusal to throw when they pass the grant, else null. */
  received(size: number): AppError | null;
  /** The part is on disk at this size. */
  finish(size: number): void;
  /** The part failed (or was refused): its bytes count no more. */
  release(): void;
};

export function createUploadPartBudget(listFinished: (file: string) => Promise<Map<number, number>>) {
  const ledgers = new Map<string, Ledger>();

  function used(ledger: Ledger, finished: Map<number, number>): number {
    // Attempts at one part number replace each other (and its finished copy): only one is kept, so
    // a part counts at its largest attempt. A phone retrying a part whose first connection went
    // quiet is then not refused for bytes that will never be kept.
    const largest = new Map<number, number>();
    for (const writer of ledger.writers) {
      largest.set(writer.part, Math.max(largest.get(writer.part) ?? 0, writer.reserved));
    }
    let total = 0;
    for (const [part, size] of finished) if (!largest.has(part)) total += size;
    for (const reserved of largest.values()) total += reserved;
    return total;
  }

  /**
   * Opens a reservation for `part` of `file`, refusing at once when its declared length does not
   * fit beside the other parts.
   */
  async function reserve(
    file: string,
    part: number,
    declaredLength: number | undefined,
    maxBytes: number,
  ): Promise<PartReservation> {
    // Opened synchronously, so parts arriving together share one ledger and one listing.
    let ledger = ledgers.get(file);
    if (!ledger) {
      ledger = { finished: listFinished(file), writers: new Set() };
      ledgers.set(file, ledger);
    }
    const open = ledger;
    const writer: Writer = { part, reserved: 0 };
    open.writers.add(writer);
    let done = false;
    const close = () => {
      if (done) return;
      done = true;
      open.writers.delete(writer);
      if (open.writers.size === 0 && ledgers.get(file) === open) ledgers.delete(file);
    };
    let finished: Map<number, number>;
    try {
      finished = await open.finished;
    } catch (error) {
      close();
      if (ledgers.get(file) === open) ledgers.delete(file);
      throw error;
    }
    const declared = declaredLength ?? 0;
    writer.reserved = declared;
    if (used(open, finished) > maxBytes) {
      close();
      throw tooLarge(maxBytes);
    }
    return {
      received(size) {
        if (size <= writer.reserved) return null;
        writer.reserved = size;
        return used(open, finished) > maxBytes ? tooLarge(maxBytes) : null;
      },
      finish(size) {
        finished.set(part, size);
        close();
      },
      release: close,
    };
  }

  return { reserve };
}

export type UploadPartBudget = ReturnType<typeof createUploadPartBudget>;
