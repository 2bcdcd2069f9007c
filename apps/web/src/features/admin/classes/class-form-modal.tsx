import { Alert, Button, Group, Modal, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { errorMessage } from '../../toast/error-message';
import { toastSuccess } from '../../toast/toast';
import type { AdminClass } from '../admin-types';

type ClassFormModalProps = {
  opened: boolean;
  /** The class being edited, or null to create one. */
  editing: AdminClass | null;
  onClose: () => void;
  onSaved: (saved: AdminClass) => void;
};

/** Create or edit a class (name, units, optional dates), in a dialog over the list or the class. */
export function ClassFormModal({ opened, editing, onClose, onSaved }: ClassFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit class' : 'Create class'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <ClassForm key={editing?.id ?? 'new'} editing={editing} onSaved={onSaved} onCancel={onClose} />
    </Modal>
  );
}

function ClassForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: AdminClass | null;
  onSaved: (saved: AdminClass) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(editing?.name ?? '');
  const [unitIds, setUnitIds] = useState<string[]>(editing?.units.map((unit) => unit.id) ?? []);
  const [startsOn, setStartsOn] = useState(editing?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(editing?.endsOn ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const units = trpc.admin.units.list.useQuery();
  const unitOptions = useMemo(
    () =>
      (units.data ?? [])
        .filter((unit) => !unit.archivedAt || unitIds.includes(unit.id))
        .map((unit) => ({ value: unit.id, label: `${unit.unitCode} ${unit.title}` })),
    [units.data, unitIds],
  );

  const utils = trpc.useUtils();
  const done = async (saved: AdminClass, created: boolean) => {
    toastSuccess(created ? 'Class created' : 'Class saved', saved.name);
    utils.admin.classes.get.setData({ id: saved.id }, saved);
    await utils.admin.classes.list.invalidate();
    onSaved(saved);
  };
  const onError = (error: unknown) => setProblem(errorMessage(error, 'Could not save the class'));
  const create = trpc.admin.classes.create.useMutation({ onSuccess: (saved) => done(saved, true), onError });
  const update = trpc.admin.classes.update.useMutation({ onSuccess: (saved) => done(saved, false), onError });
  const saving = create.isPending || update.isPending;

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!name.trim()) return setProblem('Class name is required');
    if (unitIds.length === 0) return setProblem('Choose at least one unit');
    if (startsOn && endsOn && endsOn < startsOn)
      return setProblem('The end date cannot be before the start date');
    setProblem(null);
    const fields = { name, unitIds, startsOn: startsOn || null, endsOn: endsOn || null };
    if (editing) update.mutate({ id: editing.id, ...fields });
    else create.mutate(fields);
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        {problem ? (
          <Alert color="red" role="alert" title="Check the class">
            {problem}
          </Alert>
        ) : null}
        <TextInput
          label="Class name"
          placeholder="e.g. Forklift licence, Term 1 2026"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
          maxLength={200}
        />
        <MultiSelect
          label="Units"
          description="Students enrolled in the class are enrolled in these units."
          placeholder={unitIds.length === 0 ? 'Search units by code or title' : undefined}
          required
          searchable
          nothingFoundMessage={units.isPending ? 'Loading units…' : 'No unit matches'}
          data={unitOptions}
          value={unitIds}
          onChange={setUnitIds}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            type="date"
            label="Starts on"
            description="Optional"
            value={startsOn}
            onChange={(event) => setStartsOn(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Ends on"
            description="Optional"
            value={endsOn}
            min={startsOn || undefined}
            onChange={(event) => setEndsOn(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {editing ? 'Save class' : 'Create class'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
