import { roleLabels } from '@evident/core/roles';
import type { CurrentUser } from '@evident/core/user';
import { fullName, initials } from '@evident/core/user';
import { Avatar, Group, type MantineBreakpoint, Stack, Text } from '@mantine/core';

/**
 * Avatar (or initials), name and role label of the signed-in user; the name and role only from
 * `nameFrom` up, where a crowded top bar needs the room for its navigation below that.
 */
export function UserBadge({ user, nameFrom }: { user: CurrentUser; nameFrom?: MantineBreakpoint }) {
  const name = fullName(user);
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={user.profileImageUrl} alt="" radius="xl" color="teal" size={36}>
        {initials(user)}
      </Avatar>
      <Stack gap={0} miw={0} visibleFrom={nameFrom}>
        <Text size="sm" fw={600} lh={1.3} truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.3} truncate>
          {roleLabels[user.role]}
        </Text>
      </Stack>
    </Group>
  );
}
