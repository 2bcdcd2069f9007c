import { roleLabels } from '@evident/core/roles';
import type { CurrentUser } from '@evident/core/user';
import { fullName, initials } from '@evident/core/user';
import { Avatar, Group, Stack, Text } from '@mantine/core';

/** Avatar (or initials), name and role label of the signed-in user. */
export function UserBadge({ user }: { user: CurrentUser }) {
  const name = fullName(user);
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={user.profileImageUrl} alt="" radius="xl" color="teal" size={36}>
        {initials(user)}
      </Avatar>
      <Stack gap={0} miw={0}>
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
