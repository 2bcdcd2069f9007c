import { fullName } from '@evident/core/user';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { downloadInTabSession } from '../lti/tab-session-download';
import { errorMessage } from '../toast/error-message';

/** The PDF assessment record of one student in one unit, served by the server at this path. */
function assessmentRecordUrl(studentId: string, unitId: string): string {
  return `/api/assessor/reports/${encodeURIComponent(studentId)}/${encodeURIComponent(unitId)}.pdf`;
}

export type ExportReportDialogProps = { opened: boolean; onClose: () => void; studentId: string | undefined };

/** Choose a student and unit, then download their assessment record as a PDF (export-report-button.tsx). */
export function ExportReportDialog({ opened, onClose, studentId }: ExportReportDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Export assessment record" centered radius="lg">
      {opened ? <ExportChooser initialStudentId={studentId} /> : null}
    </Modal>
  );
}

function ExportChooser({ initialStudentId }: { initialStudentId: string | undefined }) {
  const subjects = trpc.staff.records.listSubjects.useQuery();
  const [studentId, setStudentId] = useState<string | null>(initialStudentId ?? null);
  const [unitId, setUnitId] = useState<string | null>(null);
  if (subjects.isPending) return <Text size="sm">Loading students…</Text>;
  if (subjects.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load students">
        {errorMessage(subjects.error, 'Please check your connection and try again.')}
      </Alert>
    );
  }
  if (subjects.data.length === 0) return <Text size="sm">No student has set up a unit yet.</Text>;

  const student = subjects.data.find((s) => s.studentId === studentId) ?? subjects.data[0];
  const units = student?.units ?? [];
  const unit = units.find((u) => u.id === unitId) ?? units[0];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A PDF of every task in the unit, each file’s name, type, size and upload time, and every decision with
        its assessor, date, comment and strategies.
      </Text>
      <Select
        label="Student"
        searchable
        allowDeselect={false}
        value={student?.studentId ?? null}
        data={subjects.data.map((s) => ({ value: s.studentId, label: `${fullName(s)} (${s.email})` }))}
        onChange={(value) => {
          setStudentId(value);
          setUnitId(null);
        }}
      />
      <Select
        label="Unit"
        allowDeselect={false}
        value={unit?.id ?? null}
        data={units.map((u) => ({ value: u.id, label: `${u.unitCode} ${u.title}` }))}
        onChange={setUnitId}
      />
      <Group justify="flex-end">
        <Button
          component="a"
          href={student && unit ? assessmentRecordUrl(student.studentId, unit.id) : undefined}
          download
          onClick={downloadInTabSession}
          leftSection={<IconDownload size={16} aria-hidden />}
          data-disabled={!student || !unit || undefined}
        >
          Download PDF
        </Button>
      </Group>
    </Stack>
  );
}
