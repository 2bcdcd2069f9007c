import { createFileRoute } from '@tanstack/react-router';
import { DataProviders } from '../data-layer/data-providers';
import { SupervisorPage } from '../features/third-party/supervisor-page';

// The page a supervisor's mailed link opens (issue 30 §1): no sign-in, the link is the key.
export const Route = createFileRoute('/third-party/$token')({
  component: SupervisorRoute,
});

function SupervisorRoute() {
  const { token } = Route.useParams();
  return (
    <DataProviders>
      <SupervisorPage token={token} />
    </DataProviders>
  );
}
