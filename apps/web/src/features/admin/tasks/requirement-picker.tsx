import { type RequirementSection, requirementSectionTitles } from '@evident/core/requirements';
import {
  type ComboboxItem,
  type ComboboxItemGroup,
  MultiSelect,
  type OptionsFilter,
  Text,
} from '@mantine/core';
import { useMemo } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { positionedWhileOpen } from '../../widgets/positioned-while-open';
import type { AdminTask } from '../admin-types';
import classes from './unit-tasks.module.css';

type RequirementPickerProps = {
  unitId: string;
  value: string[];
  onChange: (keys: string[]) => void;
  /** The task's items of an older release: offered too, so saving keeps them until they are taken off. */
  older: AdminTask['requirements'];
};

// Elements frame their criteria: a task evidences the criteria, so elements are not offered.
const offered: RequirementSection[] = ['pc', 'pe', 'ke', 'ac', 'fs'];

/**
 * Picks the requirement items a task evidences, searchable by key ('PC 1.2') and by words ('hazard').
 * Each choice shows its key and text; a chosen one shows its key alone, so many fit on a phone.
 */
export function RequirementPicker({ unitId, value, onChange, older }: RequirementPickerProps) {
  const coverage = trpc.admin.coverage.get.useQuery({ id: unitId });
  const { data, texts } = useMemo(() => {
    const texts = new Map<string, string>();
    const groups: ComboboxItemGroup<ComboboxItem>[] = [];
    for (const section of offered) {
      const items = (coverage.data?.items ?? []).filter((item) => item.section === section);
      if (items.length === 0) continue;
      for (const item of items) texts.set(item.key, item.text);
      groups.push({
        group: requirementSectionTitles[section],
        items: items.map((item) => ({ value: item.key, label: item.key })),
      });
    }
    // An older release's item whose key this release no longer has: kept by its key, labelled so.
    const kept = older.filter((item) => !texts.has(item.key));
    if (kept.length > 0) {
      groups.push({
        group: 'Older release (kept until you remove it)',
        items: kept.map((item) => ({ value: item.key, label: `${item.key} (release ${item.release})` })),
      });
    }
    return { data: groups, texts };
  }, [coverage.data, older]);

  const filter: OptionsFilter = ({ options, search }) => {
    const words = search.toLowerCase().trim().split(/\s+/).filter(Boolean);
    const matches = (option: ComboboxItem) => {
      const haystack = `${option.label} ${texts.get(option.value) ?? ''}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    };
    return options
      .map((entry) =>
        'group' in entry
          ? { ...entry, items: entry.items.filter((item) => matches(item as ComboboxItem)) }
          : entry,
      )
      .filter((entry) => ('group' in entry ? entry.items.length > 0 : matches(entry as ComboboxItem)));
  };

  if (coverage.isSuccess && data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This unit has no requirements to map yet: fetch them from TGA on the unit's form.
      </Text>
    );
  }
  return (
    <MultiSelect
      label="Requirements this task evidences"
      description="Search by key or words, e.g. PC 1.2 or hazard."
      placeholder={value.length === 0 ? 'Search requirements' : undefined}
      searchable
      clearable
      data={data}
      value={value}
      onChange={onChange}
      filter={filter}
      disabled={!coverage.isSuccess}
      nothingFoundMessage={coverage.isLoading ? 'Loading requirements…' : 'No requirement matches'}
      maxDropdownHeight={300}
      // Positioned only while open: a kept dropdown holds a width measured while the dialog was still
      // opening, and on a phone its first frame at that width widened the page under the dialog.
      comboboxProps={{ ...positionedWhileOpen, withinPortal: true }}
      renderOption={({ option }) => (
        <div className={classes.requirementOption}>
          <Text span size="sm" fw={700} ff="monospace" className={classes.requirementKey}>
            {option.label}
          </Text>
          <Text span size="sm" className={classes.requirementText}>
            {texts.get(option.value) ?? ''}
          </Text>
        </div>
      )}
    />
  );
}
