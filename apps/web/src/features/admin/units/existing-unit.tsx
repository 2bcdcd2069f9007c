import { normaliseUnitCode } from '@evident/core/curriculum';
import { Alert, Button, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type Ref, useMemo } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import type { AdminUnit } from '../admin-types';

/** Another unit that already has this code (the one being edited does not count), if the list knows one. */
export function useExistingUnit(unitCode: string, editingId: string | null): AdminUnit | undefined {
  const units = trpc.admin.units.list.useQuery();
  const code = normaliseUnitCode(unitCode);
  return useMemo(
    () => (code ? units.data?.find((unit) => unit.unitCode === code && unit.id !== editingId) : undefined),
    [units.data, code, editingId],
  );
}

/**
 * Said as soon as the typed code matches a unit that exists, before any trip to the register or a
 * save that would be refused; the button opens that unit instead.
 */
export function ExistingUnitNotice({ unit, openRef }: { unit: AdminUnit; openRef?: Ref<HTMLAnchorElement> }) {
  return (
    <Alert
      variant="light"
      color="yellow"
      radius="md"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={`${unit.unitCode} already exists`}
      role="status"
      data-testid="existing-unit"
    >
      <Text size="sm">{unit.title}</Text>
      <Button
        renderRoot={(props) => (
          <Link {...props} ref={openRef} to="/admin/units/$id/edit" params={{ id: unit.id }} />
        )}
        size="compact-sm"
        variant="default"
        mt="xs"
      >
        Open {unit.unitCode}
      </Button>
    </Alert>
  );
}
