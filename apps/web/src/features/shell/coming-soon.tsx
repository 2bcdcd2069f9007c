import { EmptyState, Paper } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { PageHeader } from './page-header';

type ComingSoonProps = { title: string; subtitle?: string; description: string };

/** A placeholder screen for a route whose real screen arrives in a later change. */
export function ComingSoon({ title, subtitle, description }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <EmptyState icon={<IconHourglassEmpty stroke={1.6} aria-hidden />} variant="light">
          <EmptyState.Title order={2}>Coming soon</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </EmptyState>
      </Paper>
    </>
  );
}
