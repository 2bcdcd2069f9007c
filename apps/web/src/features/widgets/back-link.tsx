import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import classes from './back-link.module.css';

type BackLinkProps = {
  to: NonNullable<LinkProps['to']>;
  /** What the link says: 'Back to Units'. */
  children: string;
};

/** The small link above a sub-screen's heading that leads back to the list it came from. */
export function BackLink({ to, children }: BackLinkProps) {
  return (
    <Anchor component={Link} to={to} size="sm" className={classes.back}>
      <IconArrowLeft size={16} aria-hidden />
      {children}
    </Anchor>
  );
}
