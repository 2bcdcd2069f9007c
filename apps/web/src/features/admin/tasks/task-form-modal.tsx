import {
  DEFAULT_EVIDENCE_TYPES,
  DEFAULT_PHASE,
  type EvidenceType,
  evidenceTypes,
  type Phase,
  phases,
} from '@evident/core/curriculum';
import { MAX_OCCASION, occasionMessage } from '@evident/core/curriculum-inputs';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { invalidateFor } from '../../live/event-invalidations';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import type { AdminTask } from '../admin-types';
import { RequirementPicker } from './requirement-picker';
import { evidenceTypeLabels } from './task-labels';
import classes from './unit-tasks.module.css';

type TaskFormModalProps = {
  unitId: string;
  opened: boolean;
  /** The task being edited, or null to add a new one. */
  task: AdminTask | null;
  onClose: () => void;
};

/** The add/edit task form of the unit task list, in a dialog so the list keeps its scroll position. */
export function TaskFormModal({ unitId, opened, task, onClose }: TaskFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={task ? 'Edit task' : 'Add task'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <TaskForm key={task?.id ?? 'new'} unitId={unitId} task={task} onDone={onClose} />
    </Modal>
  );
}

function TaskForm({ unitId, task, onDone }: { unitId: string; task: AdminTask | null; onDone: () => void }) {
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [phase, setPhase] = useState<Phase>(task?.phase ?? DEFAULT_PHASE);
  const [tooltip, setTooltip] = useState(task?.tooltip ?? '');
  const [types, setTypes] = useState<EvidenceType[]>(task?.evidenceTypes ?? DEFAULT_EVIDENCE_TYPES);
  // '' while empty: the task belongs to no occasion ('General Tasks' in the list).
  const [occasion, setOccasion] = useState<string | number>(task?.occasion ?? '');
  // Sent only once changed: an edit of the words alone leaves the mapping (and its releases) as it was.
  const [requirementKeys, setRequirementKeys] = useState<string[] | null>(null);
  const older = useMemo(() => (task?.requirements ?? []).filter((item) => !item.current), [task]);

  // Kept in the spec's order, whatever order they were ticked in.
  const toggleType = (type: EvidenceType) =>
    setTypes((current) =>
      evidenceTypes.filter((item) => (item === type ? !current.includes(item) : current.includes(item))),
    );

  const onSaved = async (saved: Pick<AdminTask, 'title'>, created: boolean) => {
    toastSuccess(created ? 'Task created' : 'Task updated', saved.title);
    onDone();
    await invalidateFor({ type: 'tasks.changed', unitId });
  };
  const onError = (error: unknown) =>
    toastError('Save failed', errorMessage(error, 'Could not save the task'));
  const create = trpc.admin.tasks.create.useMutation({ onSuccess: (saved) => onSaved(saved, true), onError });
  const update = trpc.admin.tasks.update.useMutation({
    onSuccess: (saved) => onSaved(saved, false),
    onError,
  });
  const saving = create.isPending || update.isPending;

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!title.trim()) {
      toastError('Validation error', 'Task title is required');
      return;
    }
    if (types.length === 0) {
      toastError('Validation error', 'Choose at least one evidence type');
      return;
    }
    const chosenOccasion = occasion === '' ? null : Number(occasion);
    if (chosenOccasion !== null && !isOccasion(chosenOccasion)) {
      toastError('Validation error', occasionMessage);
      return;
    }
    const fields = {
      title: title.trim(),
      description,
      phase,
      tooltip,
      evidenceTypes: types,
      occasion: chosenOccasion,
      ...(requirementKeys ? { requirementKeys } : {}),
    };
    if (task) update.mutate({ taskId: task.id, ...fields });
    else create.mutate({ unitId, ...fields });
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          withAsterisk
          aria-required
          data-autofocus
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={200}
        />
        <Textarea
          label="Description"
          description="In plain language: what the student does at work."
          autosize
          minRows={3}
          maxRows={10}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={4000}
        />
        {/* Side by side from the small breakpoint: two short fields, one line of help each. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NativeSelect
            label="Phase"
            description="Where in the job it happens."
            data={[...phases]}
            value={phase}
            onChange={(event) => setPhase(toPhase(event.currentTarget.value))}
          />
          <NumberInput
            label="Occasion"
            description="Empty for a general task."
            placeholder="None"
            value={occasion}
            onChange={setOccasion}
            min={1}
            max={MAX_OCCASION}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
          />
        </SimpleGrid>
        <Textarea
          label="Tooltip"
          description="What good looks like: guidance the student sees with the task."
          autosize
          minRows={2}
          maxRows={6}
          value={tooltip}
          onChange={(event) => setTooltip(event.currentTarget.value)}
          maxLength={2000}
        />
        <RequirementPicker
          unitId={unitId}
          value={requirementKeys ?? task?.requirementKeys ?? []}
          onChange={setRequirementKeys}
          older={older}
        />
        <fieldset className={classes.evidenceToggles}>
          <legend className={classes.legend}>Evidence types</legend>
          <Group gap="lg">
            {evidenceTypes.map((type) => (
              <Checkbox
                key={type}
                label={evidenceTypeLabels[type].label}
                checked={types.includes(type)}
                onChange={() => toggleType(type)}
              />
            ))}
          </Group>
        </fieldset>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save Task
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const isOccasion = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_OCCASION;

const toPhase = (value: string): Phase => phases.find((phase) => phase === value) ?? DEFAULT_PHASE;
