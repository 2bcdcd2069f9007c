import { Box, Container, Group, Skeleton, Stack } from '@mantine/core';
import { Brand } from './brand';
import classes from './signed-in-shell.module.css';

/**
 * The signed-in screens' frame with placeholders, prerendered into index.html by the build so a phone
 * paints the top bar and the page's outline before the app's JavaScript arrives. Same header classes
 * and heights as SignedInShell, so nothing moves when the app takes over.
 */
export function BootShell() {
  return (
    <>
      <Box component="header" className={classes.header}>
        <Container size="xl" className={classes.bar}>
          <Group gap="sm" wrap="nowrap">
            {/* Where the menu button will be on a phone. */}
            <Skeleton height={28} width={28} radius="md" hiddenFrom="md" />
            <Brand />
          </Group>
          <Skeleton height={34} width={34} radius="md" />
        </Container>
      </Box>
      <Box component="main" id="main-content" className={classes.main} aria-busy="true">
        <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md" role="status" aria-label="Loading">
            <Skeleton height={32} width="45%" />
            <Skeleton height={16} width="70%" />
            <Skeleton height={120} />
            <Skeleton height={120} />
          </Stack>
        </Container>
      </Box>
    </>
  );
}
