import { EmptyState, Paper } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { useDocumentTitle } from '../shell/document-title';
import { PageHeader } from '../shell/page-header';

/** The Evidence Matrix (assessor home and /matrix). The table arrives with the reports screens. */
export function EvidenceMatrixPage() {
  useDocumentTitle('Evidence Matrix');
  return (
    <>
      <PageHeader title="Evidence Matrix" subtitle="Overview of all student progress and submissions" />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <EmptyState icon={<IconTable stroke={1.6} aria-hidden />} variant="light">
          <EmptyState.Title order={2}>No data available</EmptyState.Title>
          <EmptyState.Description>No students match the selected filters</EmptyState.Description>
        </EmptyState>
      </Paper>
    </>
  );
}
