import { Button, EmptyState, Paper } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../widgets/document-title';

/** Any path a signed-in user has no screen for, including another role's routes. */
export function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} mt="xl">
      <EmptyState icon={<IconMapOff stroke={1.6} aria-hidden />} variant="light" color="gray" size="lg">
        <EmptyState.Title order={1}>404 Page Not Found</EmptyState.Title>
        <EmptyState.Description>
          The page you are looking for does not exist or is not available to you.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/">
            Go to Dashboard
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
