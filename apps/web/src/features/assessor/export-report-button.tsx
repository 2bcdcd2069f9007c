import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileExport } from '@tabler/icons-react';
import { lazyDialog } from '../dialog/lazy-dialog';
import type { ExportReportDialogProps } from './export-report-dialog';

/** The export dialog (export-report-dialog.tsx): in the page from its first opening, its code fetched at idle. */
const ExportReportDialog = lazyDialog<ExportReportDialogProps>(
  () => import('./export-report-dialog').then((module) => module.ExportReportDialog),
  (props) => props.opened,
);

/** 'Export Report': choose a student and unit, then download their assessment record as a PDF. */
export function ExportReportButton({ studentId }: { studentId: string | undefined }) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconFileExport size={16} aria-hidden />} onClick={dialog.open}>
        Export Report
      </Button>
      <ExportReportDialog opened={opened} onClose={dialog.close} studentId={studentId} />
    </>
  );
}
