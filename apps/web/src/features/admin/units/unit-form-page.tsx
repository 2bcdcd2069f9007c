import { Button, Group, Paper, Skeleton, Stack, Textarea, TextInput } from '@mantine/core';
import { IconCloudDownload, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { UnitCodeInput } from '../../curriculum/unit-code-input';
import { invalidateFor } from '../../live/event-invalidations';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { BackLink } from '../../widgets/back-link';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import type { AdminUnit } from '../admin-types';
import { ExistingUnitNotice, useExistingUnit } from './existing-unit';
import { fetchedFromMessage } from './fetched-from';
import { RequirementsChanges } from './requirements-changes';
import { RequirementsPanel } from './requirements-panel';
import classes from './unit-form.module.css';
import { useUnitRequirements } from './use-unit-requirements';

type UnitFormPageProps = {
  /** Absent or 'new' for create mode (spec section 2, Unit form). */
  unitId?: string;
};

type UnitFields = Pick<AdminUnit, 'unitCode' | 'title' | 'performanceEvidence'>;

const emptyUnit: UnitFields = { unitCode: '', title: '', performanceEvidence: null };

/** /admin/units/new and /admin/units/{id}/edit. */
export function UnitFormPage({ unitId }: UnitFormPageProps) {
  const editing = unitId !== undefined && unitId !== 'new' ? unitId : null;
  useDocumentTitle(editing ? 'Edit unit' : 'Create unit');
  return editing ? <EditUnit unitId={editing} /> : <UnitForm unitId={null} initial={emptyUnit} />;
}

function EditUnit({ unitId }: { unitId: string }) {
  const unit = trpc.admin.units.get.useQuery({ id: unitId });
  if (unit.data) return <UnitForm key={unit.data.id} unitId={unit.data.id} initial={unit.data} />;
  return (
    <>
      <BackLink to="/admin/units">Back to Units</BackLink>
      <PageHeader title="Edit Unit" />
      {unit.isError ? (
        <LoadError title="Could not load this unit" error={unit.error} onRetry={() => void unit.refetch()} />
      ) : (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          role="status"
          aria-busy="true"
          aria-label="Loading unit"
        >
          <Stack gap="lg">
            <Skeleton height={60} radius="sm" />
            <Skeleton height={60} radius="sm" />
            <Skeleton height={200} radius="sm" />
          </Stack>
        </Paper>
      )}
    </>
  );
}

function UnitForm({ unitId, initial }: { unitId: string | null; initial: UnitFields }) {
  const [unitCode, setUnitCode] = useState(initial.unitCode);
  const [title, setTitle] = useState(initial.title);
  const [performanceEvidence, setPerformanceEvidence] = useState(initial.performanceEvidence ?? '');
  // A note about fetched text ("a summary, not the official register text"): shown beside the box,
  // never written into it, since tasks are generated from what the box holds.
  const [evidenceNote, setEvidenceNote] = useState<string | null>(null);
  const existing = useExistingUnit(unitCode, unitId);
  const requirements = useUnitRequirements(unitId);
  const openExisting = useRef<HTMLAnchorElement>(null);
  const navigate = useNavigate();

  const fetchUnit = trpc.admin.units.fetchFromRegister.useMutation({
    onSuccess: (unit) => {
      setUnitCode(unit.code);
      setTitle(unit.title);
      setPerformanceEvidence(unit.performanceEvidence);
      setEvidenceNote(unit.note);
      const kept = requirements.adoptFetched(unit);
      toastSuccess('Success', kept ? `${fetchedFromMessage(unit)} ${kept}` : fetchedFromMessage(unit));
    },
    onError: (error) =>
      toastError('Fetch failed', errorMessage(error, 'Could not fetch from the national training register')),
  });

  const onSaved = async (saved: { id: string; unitCode: string; title: string }, created: boolean) => {
    toastSuccess(created ? 'Unit created' : 'Unit updated', `${saved.unitCode} ${saved.title}`);
    await invalidateFor({ type: 'unit.changed', unitId: saved.id });
    await navigate({ to: '/admin/units' });
  };
  const onSaveError = (error: unknown) =>
    toastError('Save failed', errorMessage(error, 'Could not save the unit'));

  const create = trpc.admin.units.create.useMutation({
    onSuccess: (unit) => onSaved(unit, true),
    onError: onSaveError,
  });
  const update = trpc.admin.units.update.useMutation({
    onSuccess: (unit) => onSaved(unit, false),
    onError: onSaveError,
  });
  const saving = create.isPending || update.isPending;

  function fetchFromRegister() {
    const code = unitCode.trim().toUpperCase();
    if (!code) {
      toastError('Unit code required', 'Please enter a unit code first');
      return;
    }
    if (existing) {
      openExisting.current?.focus();
      return;
    }
    // Fetching a saved unit again asks the register afresh, to see a release published since.
    fetchUnit.mutate({ unitCode: code, ...(unitId ? { fresh: true } : {}) });
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const fields = { unitCode: unitCode.trim().toUpperCase(), title: title.trim() };
    if (!fields.unitCode || !fields.title) {
      toastError('Validation error', 'Unit code and title are required');
      return;
    }
    // Spec section 5: Performance Evidence is optional and left out when blank.
    const evidence = performanceEvidence.trim() ? { performanceEvidence } : {};
    // Only a fetched or pasted proposal is sent: without one the unit keeps the requirements it holds.
    const proposed = requirements.proposed ? { requirements: requirements.proposed } : {};
    if (unitId) update.mutate({ id: unitId, ...fields, ...evidence, ...proposed });
    else create.mutate({ ...fields, ...evidence, ...proposed });
  }

  return (
    <>
      <BackLink to="/admin/units">Back to Units</BackLink>
      <PageHeader
        title={unitId ? 'Edit Unit' : 'Create Unit'}
        subtitle={
          unitId
            ? `Change the details of ${initial.unitCode}.`
            : 'Type a unit code and fetch its details from the national training register, or fill them in yourself.'
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={820}>
        <form onSubmit={save} noValidate>
          <Stack gap="lg">
            <div className={classes.codeRow}>
              <UnitCodeInput
                label="Unit Code"
                withAsterisk
                aria-required
                value={unitCode}
                onChange={setUnitCode}
                classNames={{ root: classes.codeField }}
              />
              <Button
                variant="light"
                leftSection={<IconCloudDownload size={18} aria-hidden />}
                loading={fetchUnit.isPending}
                onClick={fetchFromRegister}
                className={classes.fetch}
              >
                Fetch from TGA
              </Button>
            </div>
            {existing ? <ExistingUnitNotice unit={existing} openRef={openExisting} /> : null}
            <TextInput
              label="Unit Title"
              withAsterisk
              aria-required
              placeholder="e.g. Work safely at heights"
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              maxLength={300}
            />
            <Textarea
              label="Performance Evidence"
              description={
                <>
                  Optional. What a student must show they can do, one item per line. Tasks are generated from
                  this text.
                  {evidenceNote ? (
                    <span className={classes.evidenceNote} data-testid="performance-evidence-note">
                      <IconInfoCircle size={14} aria-hidden />
                      {evidenceNote}
                    </span>
                  ) : null}
                </>
              }
              rows={8}
              value={performanceEvidence}
              onChange={(event) => setPerformanceEvidence(event.currentTarget.value)}
              classNames={{ input: classes.evidenceInput }}
            />
            {requirements.saved && requirements.proposed ? (
              <RequirementsChanges before={requirements.saved} after={requirements.proposed} />
            ) : null}
            <RequirementsPanel
              draft={requirements.shown}
              onPaste={requirements.paste}
              saved={requirements.saved}
              onReplace={requirements.replace}
              loadError={requirements.loadError}
            />
            <Group justify="flex-end" gap="sm" className={classes.buttons}>
              <Button component={Link} to="/admin/units" variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
