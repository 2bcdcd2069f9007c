import { createFileRoute } from '@tanstack/react-router';
import { DataProviders } from '../data-layer/data-providers';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordRoute });

function ForgotPasswordRoute() {
  // A signed-out page that talks to the server: it brings the data layer's providers with it.
  return (
    <DataProviders>
      <ForgotPasswordPage />
    </DataProviders>
  );
}
