import { createFileRoute, notFound } from '@tanstack/react-router';
import { AccountPage } from '../features/account/account-page';

export const Route = createFileRoute('/account')({
  // Everyone signed in has an account page; a signed-out visitor sees the not-found screen.
  beforeLoad: ({ context }) => {
    if (!context.user) throw notFound();
  },
  component: AccountPage,
});
