import { createFileRoute } from '@tanstack/react-router';
import { DataProviders } from '../data-layer/data-providers';
import { JoinClassPage } from '../features/classes/join-class-page';

/** `/join/<inviteCode>`: the class invitation link, opened signed in or out. */
export const Route = createFileRoute('/join/$code')({ component: JoinClassRoute });

function JoinClassRoute() {
  const { code } = Route.useParams();
  // Signed out this page still asks the server what the link is for: it brings the data providers.
  return (
    <DataProviders>
      <JoinClassPage inviteCode={code} />
    </DataProviders>
  );
}
