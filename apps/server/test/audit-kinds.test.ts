import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditActionLabel, auditActions, auditGroups, auditKindOptions } from '@evident/core/audit';
import { describe, expect, it } from 'vitest';

// Issue 28, item 6: the Audit screen showed the raw kind `reminder.sent` and could not filter by a
// kind no row had yet. One table in core labels every kind and places it in the filter.

const root = fileURLToPath(new URL('../../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const serverSources = () => [
  ...readdirSync(join(root, 'packages'))
    .filter((name) => name !== 'client')
    .flatMap((name) => {
      try {
        return sourceFiles(join(root, 'packages', name, 'src'));
      } catch {
        return [];
      }
    }),
  ...sourceFiles(join(root, 'apps/server/src')),
];

/**
 * Every kind the code writes to `audit_events.action`: the literals on an `action:` line (`action:
 * archived ? 'unit.archive' : 'unit.unarchive'`) or in a curriculum change's audit call, and a
 * constant's value (`action: REMINDER_SENT`).
 */
function writtenKinds(): Map<string, string> {
  const kinds = new Map<string, string>();
  for (const file of serverSources()) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:\baction: |\bauditCurriculum\()([^\n]+)/g)) {
      const value = match[1] ?? '';
      for (const literal of value.matchAll(/'([a-z_-]+\.[a-z_-]+)'/g))
        kinds.set(literal[1] ?? '', relative(root, file));
      const constant = value.match(/^([A-Z][A-Z_]+),?$/)?.[1];
      const defined = constant ? text.match(new RegExp(`const ${constant} = '([^']+)'`))?.[1] : undefined;
      if (defined) kinds.set(defined, relative(root, file));
    }
  }
  return kinds;
}

describe('every audit kind has a label and a place in the filter', () => {
  it('each kind in the table has its own label, and a heading the filter lists', () => {
    const labels = new Set<string>();
    for (const [kind, { label, group }] of Object.entries(auditActions)) {
      expect(label.trim(), kind).not.toBe('');
      expect(label, kind).not.toBe(kind);
      expect(labels.has(label), `${kind}'s label is another kind's`).toBe(false);
      labels.add(label);
      expect(auditGroups, kind).toContain(group);
    }
  });

  it('the filter offers every kind once, under its heading, whether or not a row has it yet', () => {
    const options = auditKindOptions([]);
    const offered = options.flatMap((option) => option.items.map((item) => item.value));
    expect(offered.sort()).toEqual(Object.keys(auditActions).sort());
    for (const option of options) {
      for (const item of option.items) {
        expect(item.label).toBe(auditActionLabel(item.value));
        expect(auditActions[item.value as keyof typeof auditActions].group).toBe(option.group);
      }
    }
    expect(options.every((option) => option.items.length > 0)).toBe(true);
  });

  it('a kind only older rows have is still offered, under Other, as recorded', () => {
    const options = auditKindOptions(['unit.create', 'legacy.kind']);
    expect(options.at(-1)).toEqual({
      group: 'Other',
      items: [{ value: 'legacy.kind', label: 'legacy.kind' }],
    });
    expect(auditActionLabel('legacy.kind')).toBe('legacy.kind');
  });

  it('every kind the code writes is in the table, labelled', () => {
    const written = writtenKinds();
    // The scan finds the kinds it should: a guard against the scan itself going blind.
    for (const kind of ['reminder.sent', 'unit.create', 'task.generate', 'impersonation.start'])
      expect(written.has(kind), kind).toBe(true);
    const unlabelled = [...written].filter(([kind]) => !Object.hasOwn(auditActions, kind));
    expect(unlabelled.map(([kind, file]) => `${kind} (${file})`)).toEqual([]);
  });
});
