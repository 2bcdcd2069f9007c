import { Container, Group } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { ThemeToggle } from '../theme/theme-toggle';
import { Brand } from './brand';
import { usePublishedHeaderHeight } from './header-height';
import classes from './public-header.module.css';

/** Top bar of the signed-out pages: product title, theme toggle and the page's own actions. */
export function PublicHeader({ actions }: { actions?: ReactNode }) {
  const header = useRef<HTMLElement>(null);
  usePublishedHeaderHeight(header);
  return (
    <header ref={header} className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <Brand />
        <Group gap="sm" wrap="nowrap">
          <ThemeToggle />
          {actions}
        </Group>
      </Container>
    </header>
  );
}
