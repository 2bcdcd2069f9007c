import type { CurrentUser } from '@evident/core/user';
import { Button, Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { isNavItemActive, type NavItem } from './nav-items';
import classes from './signed-in-shell.module.css';
import { UserBadge } from './user-badge';

export type MenuDrawerProps = {
  opened: boolean;
  onClose: () => void;
  user: CurrentUser;
  items: NavItem[];
  pathname: string;
  onLogOut: () => void;
  isLoggingOut: boolean;
};

/** The slide-in menu on narrow screens: the account, the role's navigation and Log Out. */
export function MenuDrawerPanel({
  opened,
  onClose,
  user,
  items,
  pathname,
  onLogOut,
  isLoggingOut,
}: MenuDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="xs"
      padding="md"
      title="Menu"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack gap="md">
        <UserBadge user={user} />
        <NavLink
          component={Link}
          to="/account"
          label="Account and API tokens"
          active={pathname === '/account'}
          onClick={onClose}
          className={classes.drawerLink}
        />
        <Divider />
        <Stack component="nav" aria-label="Main" gap={4}>
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              activeOptions={{ exact: true }}
              active={isNavItemActive(item, pathname)}
              aria-current={isNavItemActive(item, pathname) ? 'page' : undefined}
              onClick={onClose}
              className={classes.drawerLink}
            />
          ))}
        </Stack>
        <Divider />
        <Button
          variant="default"
          fullWidth
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={isLoggingOut}
          onClick={onLogOut}
        >
          Log Out
        </Button>
      </Stack>
    </Drawer>
  );
}
