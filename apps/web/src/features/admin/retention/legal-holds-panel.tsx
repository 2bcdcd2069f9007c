import { fullName } from '@evident/core/user';
import { Button, Group, Modal, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { positionedWhileOpen } from '../../widgets/positioned-while-open';
import { day, type LegalHold } from './retention-types';

/** What a hold covers, in words: 'Mia Nguyen in RIIWHS204E', 'Mia Nguyen (every unit)', 'RIIWHS204E (every student)'. */
function holdTarget(hold: LegalHold): string {
  if (hold.studentName && hold.unitCode) return `${hold.studentName} in ${hold.unitCode}`;
  if (hold.studentName) return `${hold.studentName} (every unit)`;
  return `${hold.unitCode ?? 'A unit'} (every student)`;
}

/** Lifting asks why: the hold stays on record with who lifted it, when and the reason. */
function LiftModal({ hold, onClose }: { hold: LegalHold | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const utils = trpc.useUtils();
  const lift = trpc.admin.legalHolds.end.useMutation({
    onSuccess: () => {
      void utils.admin.retention.get.invalidate();
      toastSuccess('Legal hold lifted');
      setReason('');
      onClose();
    },
    onError: (error) => toastError('Could not lift the hold', errorMessage(error, 'Please try again')),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (hold) lift.mutate({ id: hold.id, reason });
  }
  return (
    <Modal opened={hold !== null} onClose={onClose} title="Lift legal hold">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">
            Lift the hold on {hold ? holdTarget(hold) : ''}? Records past their period may then be disposed
            of.
          </Text>
          <Textarea
            label="Why is it lifted?"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={lift.isPending} disabled={reason.trim() === ''}>
              Lift hold
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PlaceHoldForm() {
  const people = trpc.admin.users.list.useQuery();
  const units = trpc.admin.units.list.useQuery();
  const utils = trpc.useUtils();
  const [studentId, setStudentId] = useState<string | null>(null);
  const [unitId, setUnitId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const place = trpc.admin.legalHolds.create.useMutation({
    onSuccess: () => {
      void utils.admin.retention.get.invalidate();
      toastSuccess('Legal hold placed', 'No record it covers can be disposed of until it is lifted.');
      setStudentId(null);
      setUnitId(null);
      setReason('');
    },
    onError: (error) => toastError('Could not place the hold', errorMessage(error, 'Please try again')),
  });
  const students = (people.data ?? [])
    .filter((person) => person.role === 'student')
    .map((person) => ({ value: person.id, label: `${fullName(person)} (${person.email})` }));
  const unitOptions = (units.data ?? []).map((unit) => ({
    value: unit.id,
    label: `${unit.unitCode} ${unit.title}`,
  }));
  function submit(event: FormEvent) {
    event.preventDefault();
    place.mutate({ studentId: studentId ?? undefined, unitId: unitId ?? undefined, reason });
  }
  return (
    <form onSubmit={submit} aria-label="Place a legal hold">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Hold a student’s records, a unit’s, or one student’s in one unit: for a complaint, an appeal, an
          audit or a court order.
        </Text>
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <Select
            label="Student"
            placeholder="Any student"
            data={students}
            value={studentId}
            onChange={setStudentId}
            searchable
            clearable
            comboboxProps={positionedWhileOpen}
            style={{ minWidth: 220 }}
          />
          <Select
            label="Unit"
            placeholder="Any unit"
            data={unitOptions}
            value={unitId}
            onChange={setUnitId}
            searchable
            clearable
            comboboxProps={positionedWhileOpen}
            style={{ minWidth: 220 }}
          />
        </Group>
        <Textarea label="Reason" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconLock size={16} aria-hidden />}
            loading={place.isPending}
            disabled={(!studentId && !unitId) || reason.trim() === ''}
          >
            Place hold
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Standing holds (each with Lift) and the form to place one; lifted holds stay in the audit trail. */
export function LegalHoldsPanel({ holds }: { holds: LegalHold[] | undefined }) {
  const [lifting, setLifting] = useState<LegalHold | null>(null);
  const standing = (holds ?? []).filter((hold) => hold.releasedAt === null);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="holds-heading"
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id="holds-heading">
          Legal holds
        </Title>
        {holds && standing.length === 0 ? (
          <Text size="sm" c="dimmed">
            No legal holds stand.
          </Text>
        ) : null}
        {standing.map((hold) => (
          <Group key={hold.id} justify="space-between" align="flex-start" gap="sm" data-testid="legal-hold">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Text fw={600}>{holdTarget(hold)}</Text>
              <Text size="sm">{hold.reason}</Text>
              <Text size="sm" c="dimmed">
                Placed {day(hold.placedAt)}
                {hold.placedByName ? ` by ${hold.placedByName}` : ''}
              </Text>
            </Stack>
            <Button
              variant="default"
              leftSection={<IconLockOpen size={16} aria-hidden />}
              aria-label={`Lift the hold on ${holdTarget(hold)}`}
              onClick={() => setLifting(hold)}
            >
              Lift
            </Button>
          </Group>
        ))}
        <PlaceHoldForm />
      </Stack>
      <LiftModal hold={lifting} onClose={() => setLifting(null)} />
    </Paper>
  );
}
