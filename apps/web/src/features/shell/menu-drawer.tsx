import { lazyDialog } from '../dialog/lazy-dialog';
import type { MenuDrawerProps } from './menu-drawer-panel';

/** The phone's menu (menu-drawer-panel.tsx): loaded when the screen is idle, in the page once opened. */
export const MenuDrawer = lazyDialog<MenuDrawerProps>(
  () => import('./menu-drawer-panel').then((module) => module.MenuDrawerPanel),
  (props) => props.opened,
);
