/** Spec section 9: a file's size shows in KB with one decimal, bytes divided by 1024 (`123.4 KB`). */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const units = ['KB', 'MB', 'GB'] as const;

/**
 * A compact size for progress text (`512 B`, `840 KB`, `3.4 MB`, `1.2 GB`): one decimal below ten,
 * whole numbers above, in binary units to agree with `formatKilobytes`.
 */
export function formatByteSize(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Move up a unit before rounding could print "1024 KB".
  while (value >= 1023.5 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 9.95 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
