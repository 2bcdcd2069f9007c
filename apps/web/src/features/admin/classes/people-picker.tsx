import { Button, Group, type MantineSpacing, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';

type PeoplePickerProps = {
  personRole: 'student' | 'assessor';
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** People already in the class, left out of the choices. */
  exclude: string[];
};

/**
 * Picks active people of one role by name or email. The search runs on the server (an organisation
 * may have thousands of students); the names of those already picked are remembered here, so the
 * chips keep their labels when a new search no longer lists them.
 */
export function PeoplePicker({ personRole: role, label, value, onChange, exclude }: PeoplePickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = trpc.admin.users.search.useQuery(
    { search: debounced || undefined, role, status: 'active', page: 1 },
    { placeholderData: (previous) => previous },
  );
  const names = useRef(new Map<string, string>());
  const data = useMemo(() => {
    for (const person of found.data?.users ?? [])
      names.current.set(person.id, `${person.firstName} ${person.lastName} (${person.email})`);
    const ids = new Set([...value, ...(found.data?.users ?? []).map((person) => person.id)]);
    return [...ids]
      .filter((id) => value.includes(id) || !exclude.includes(id))
      .map((id) => ({ value: id, label: names.current.get(id) ?? id }));
  }, [found.data, value, exclude]);

  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? 'Search by name or email' : undefined}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No one found'}
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  );
}

type PickPeopleRowProps = PeoplePickerProps & {
  /** The button's label ('Add', 'Enrol'). */
  action: string;
  busy: boolean;
  onSubmit(): void;
  mt?: MantineSpacing;
};

/** The picker with its button beside it (below it on a phone), as a class's sections add people. */
export function PickPeopleRow({ action, busy, onSubmit, mt, ...picker }: PickPeopleRowProps) {
  return (
    <Group align="flex-end" gap="sm" mt={mt} wrap="wrap">
      <div style={{ flex: '1 1 260px', minWidth: 0 }}>
        <PeoplePicker {...picker} />
      </div>
      <Button disabled={picker.value.length === 0} loading={busy} onClick={onSubmit}>
        {action}
      </Button>
    </Group>
  );
}
