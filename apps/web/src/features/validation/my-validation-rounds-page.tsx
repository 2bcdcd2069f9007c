import { Skeleton } from '@mantine/core';
import { trpc } from '../../data-layer/trpc-client';
import { useDocumentTitle } from '../widgets/document-title';
import { LoadError } from '../widgets/load-error';
import { PageHeader } from '../widgets/page-header';
import { MyValidationActions } from './my-validation-actions';
import { RoundList } from './validation-rounds-page';

/** /validation: the rounds the signed-in assessor or admin was named a validator in. */
export function MyValidationRoundsPage() {
  useDocumentTitle('My validation rounds');
  const rounds = trpc.staff.validationRounds.list.useQuery();
  return (
    <>
      <PageHeader title="My validation rounds" subtitle="Rounds you were named a validator in." />
      <MyValidationActions />
      {rounds.isError ? (
        <LoadError
          title="Could not load your rounds"
          error={rounds.error}
          onRetry={() => void rounds.refetch()}
        />
      ) : null}
      {rounds.isPending ? <Skeleton height={72} radius="md" aria-label="Loading" /> : null}
      {rounds.data ? (
        <RoundList
          rounds={rounds.data}
          empty="When an admin names you a validator, the round appears here."
        />
      ) : null}
    </>
  );
}
