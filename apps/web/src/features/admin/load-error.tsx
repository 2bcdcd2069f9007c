import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { errorMessage } from '../toast/error-message';

type LoadErrorProps = { title: string; error: unknown; onRetry: () => void };

/** What a screen shows when its data did not load: the server's reason and a way to try again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      title={title}
      icon={<IconAlertTriangle size={20} aria-hidden />}
      role="alert"
    >
      {errorMessage(error, 'Please check your connection and try again.')}
      <div>
        <Button
          mt="sm"
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          Try again
        </Button>
      </div>
    </Alert>
  );
}
