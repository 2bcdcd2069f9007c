import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import classes from './brand.module.css';

/** The product title, linking home. */
export function Brand() {
  return (
    <Link to="/" className={classes.brand} aria-label="Evident home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          size={32}
          radius="md"
          variant="gradient"
          gradient={{ from: 'teal.6', to: 'cyan.6', deg: 135 }}
        >
          <IconChecks size={20} stroke={2.2} aria-hidden />
        </ThemeIcon>
        <Text component="span" fw={800} fz="xl" lts={-0.5} c="bright">
          Evident
        </Text>
      </Group>
    </Link>
  );
}
