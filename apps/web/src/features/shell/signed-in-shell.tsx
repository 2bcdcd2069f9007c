import { type CurrentUser, fullName } from '@evident/core/user';
import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { type ReactNode, useRef } from 'react';
import { DataProviders } from '../../data-layer/data-providers';
import { AwaitingApproval } from '../assessor/awaiting-approval';
import { useLogOut } from '../auth/use-log-out';
import { OfflineBanner } from '../capture/offline-banner';
import { QueueBadge } from '../capture/queue-badge';
import { useCaptureQueue } from '../capture/use-capture-queue';
import { ConfirmHost } from '../dialog/confirm-host';
import { LiveUpdates } from '../live/live-updates';
import { OpenInNewWindow } from '../lti/open-in-new-window';
import { ObservationQueueBadge } from '../observation/observation-queue-badge';
import { ThemeToggle } from '../theme/theme-toggle';
import { Brand } from './brand';
import { usePublishedHeaderHeight } from './header-height';
import { ImpersonationBanner } from './impersonation-banner';
import { MenuDrawer } from './menu-drawer';
import { isNavItemActive, type NavItem, navItemsFor } from './nav-items';
import classes from './signed-in-shell.module.css';
import { UserBadge } from './user-badge';

/** The signed-in layout: top bar with role navigation, a slide-in menu on narrow screens, then the page. */
export function SignedInShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  // Every signed-in screen talks to the server, so the data layer's providers wrap them all here.
  return (
    <DataProviders>
      {/* Keyed by who the app acts as: starting or ending impersonation opens a stream for the new view. */}
      <LiveUpdates key={user.id} />
      <ShellLayout user={user}>{children}</ShellLayout>
    </DataProviders>
  );
}

function ShellLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [menuOpened, menu] = useDisclosure(false);
  const header = useRef<HTMLElement>(null);
  usePublishedHeaderHeight(header);
  useCaptureQueue(user);
  const { logOut, isLoggingOut } = useLogOut();
  const items = navItemsFor(user);
  // An admin's bar holds nine screens: below the widest screens the account link shows the avatar
  // alone, so they stay on one line.
  const crowded = items.length > 6;
  const pathname = useLocation({ select: (location) => location.pathname });
  // Worked out here rather than by the router's active matching, which cannot know that `/` shows a
  // role's home screen.
  const activeProps = (item: NavItem) =>
    isNavItemActive(item, pathname) ? { 'aria-current': 'page' as const, 'data-active': true } : {};

  return (
    // Confirm dialogs (dialog/confirm.tsx) are only opened from signed-in screens, so their host lives
    // here rather than in main.tsx: the landing page does not download it.
    <>
      <ConfirmHost />
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <Box component="header" ref={header} className={classes.header}>
        {user.isImpersonating ? <ImpersonationBanner user={user} /> : null}
        <OpenInNewWindow />
        <Container size="xl" className={classes.bar}>
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={menuOpened ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpened}
            />
            <Brand />
          </Group>

          <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" className={classes.nav}>
            {items.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className={classes.navLink}
                // The router's own matching only agrees with ours on the exact path.
                activeOptions={{ exact: true }}
                {...activeProps(item)}
              >
                {item.label}
              </Link>
            ))}
          </Group>

          <Group gap="sm" wrap="nowrap" className={classes.end}>
            {user.role === 'student' ? <QueueBadge /> : null}
            {user.role === 'assessor' ? <ObservationQueueBadge /> : null}
            <ThemeToggle />
            <Box
              component={Link}
              to="/account"
              visibleFrom="md"
              maw={220}
              className={classes.accountLink}
              aria-label="Account and API tokens"
              title={crowded ? fullName(user) : undefined}
            >
              <UserBadge user={user} nameFrom={crowded ? 'xl' : undefined} />
            </Box>
            <Button
              visibleFrom="md"
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              loading={isLoggingOut}
              onClick={() => void logOut()}
            >
              Log Out
            </Button>
          </Group>
        </Container>
      </Box>

      <MenuDrawer
        opened={menuOpened}
        onClose={menu.close}
        user={user}
        items={items}
        pathname={pathname}
        onLogOut={() => {
          menu.close();
          void logOut();
        }}
        isLoggingOut={isLoggingOut}
      />

      <Box component="main" id="main-content" tabIndex={-1} className={classes.main}>
        <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
          <OfflineBanner user={user} />
          {/* Every route an unapproved assessor opens (/, /matrix, /grading) says why it is empty. */}
          {user.awaitingApproval ? <AwaitingApproval /> : children}
        </Container>
      </Box>
    </>
  );
}
