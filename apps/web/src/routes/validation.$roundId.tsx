import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../features/auth/access';
import { ValidationRoundPage } from '../features/validation/validation-round-page';

/** One validation round: its validators review the sampled records here; admins follow progress. */
export const Route = createFileRoute('/validation/$roundId')({
  beforeLoad: ({ context }) => requireArea(context.user, 'validation'),
  component: function ValidationRoundRoute() {
    const { roundId } = Route.useParams();
    return <ValidationRoundPage roundId={roundId} />;
  },
});
