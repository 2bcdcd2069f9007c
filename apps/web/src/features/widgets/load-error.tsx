import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { TRPCClientError } from '@trpc/client';
import { errorMessage } from '../toast/error-message';

type LoadErrorProps = { title: string; error: unknown; onRetry: () => void };

/** The server answered that this will not load however often it is asked (it was deleted, say). */
function isFinal(error: unknown): boolean {
  const status: unknown = error instanceof TRPCClientError ? error.data?.httpStatus : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * What a screen shows when its data did not load: the server's reason, and a way to try again
 * unless trying again cannot help (the screens keep their own way back).
 */
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
      {isFinal(error) ? null : (
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
      )}
    </Alert>
  );
}
