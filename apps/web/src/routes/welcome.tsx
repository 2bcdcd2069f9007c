import { createFileRoute } from '@tanstack/react-router';
import { DataProviders } from '../data-layer/data-providers';
import { WelcomePage } from '../features/classes/welcome-page';

type WelcomeSearch = { token?: string };

/** `/welcome?token=`: the link in a class invitation mail, opened by a student new to Evident. */
export const Route = createFileRoute('/welcome')({
  validateSearch: (search: Record<string, unknown>): WelcomeSearch => {
    const token = search.token;
    if (typeof token === 'string') return token === '' ? {} : { token };
    if (token === undefined || token === null) return {};
    // As on /reset-password: a token the router parsed as JSON is taken as typed in the address bar.
    const raw = new URLSearchParams(window.location.search).get('token');
    return raw ? { token: raw } : {};
  },
  component: WelcomeRoute,
});

function WelcomeRoute() {
  const { token } = Route.useSearch();
  return (
    <DataProviders>
      <WelcomePage token={token} />
    </DataProviders>
  );
}
