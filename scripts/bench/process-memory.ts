import { readFileSync, writeFileSync } from 'node:fs';

export function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]);
}

/** Lowers the kernel's peak-RSS mark to the current RSS, so VmHWM afterwards is the upload's own peak. */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Watches a server's RSS from `baselineKb` on: 50 ms samples, plus the kernel's high-water mark where
 * it can be reset. `stop()` answers the highest sample and the mark (null where it could not be reset).
 */
export function watchPeakRss(pid: number, baselineKb: number) {
  const hwmReset = resetPeakRss(pid);
  let peakKb = baselineKb;
  const sample = () => {
    try {
      peakKb = Math.max(peakKb, procStatusKb(pid, 'VmRSS'));
    } catch {
      // The server died: the requests being measured fail and say so.
    }
  };
  const sampler = setInterval(sample, 50);
  let reading: { peakKb: number; highWaterKb: number | null } | undefined;
  return {
    /** Ends the watch (again is harmless: it answers the first reading, so a `finally` may call it too). */
    stop() {
      if (!reading) {
        clearInterval(sampler);
        sample();
        reading = { peakKb, highWaterKb: hwmReset ? procStatusKb(pid, 'VmHWM') : null };
      }
      return reading;
    },
  };
}
