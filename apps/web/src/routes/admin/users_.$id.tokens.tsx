import { createFileRoute } from '@tanstack/react-router';
import { PersonTokensPage } from '../../features/account/person-tokens-page';

/** `/admin/users/:id/tokens`, its own route (not nested in the Users screen), guarded by /admin. */
export const Route = createFileRoute('/admin/users_/$id/tokens')({
  component: function PersonTokensRoute() {
    const { id } = Route.useParams();
    return <PersonTokensPage userId={id} />;
  },
});
