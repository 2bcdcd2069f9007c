import { createFileRoute } from '@tanstack/react-router';
import { DataProviders } from '../data-layer/data-providers';
import { ResetPasswordPage } from '../features/auth/reset-password-page';

type ResetPasswordSearch = { token?: string };

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => {
    const token = search.token;
    if (typeof token === 'string') return token === '' ? {} : { token };
    if (token === undefined || token === null) return {};
    // The router parses search values as JSON, so a token that looks like a number arrives as one
    // (and may have lost digits): take the raw text from the address bar instead.
    const raw = new URLSearchParams(window.location.search).get('token');
    return raw ? { token: raw } : {};
  },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  // A signed-out page that talks to the server: it brings the data layer's providers with it.
  return (
    <DataProviders>
      <ResetPasswordPage token={token} />
    </DataProviders>
  );
}
