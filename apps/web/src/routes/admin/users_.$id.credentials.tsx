import { createFileRoute } from '@tanstack/react-router';
import { PersonCredentialsPage } from '../../features/validation/person-credentials-page';

/** `/admin/users/:id/credentials`, its own route beside the tokens one, guarded by /admin. */
export const Route = createFileRoute('/admin/users_/$id/credentials')({
  component: function PersonCredentialsRoute() {
    const { id } = Route.useParams();
    return <PersonCredentialsPage userId={id} />;
  },
});
