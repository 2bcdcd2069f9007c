import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { PublicHeader } from './public-header';

type PublicPageProps = { children: ReactNode; size?: 'xs' | 'sm' | 'md' | 'lg' };

/**
 * Layout of the pages anyone may open (LTI config, forgot and reset password). A signed-in visitor
 * already has the app's top bar around them, so the public one only shows when signed out.
 */
export function PublicPage({ children, size = 'sm' }: PublicPageProps) {
  const user = useCurrentUser();
  if (user) {
    return (
      <Container size={size} px={0}>
        {children}
      </Container>
    );
  }
  return (
    <>
      <PublicHeader />
      <Box component="main" id="main-content">
        <Container size={size} py={{ base: 'lg', sm: 48 }}>
          {children}
        </Container>
      </Box>
    </>
  );
}
