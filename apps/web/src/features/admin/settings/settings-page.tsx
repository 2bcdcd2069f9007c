import {
  australianTimeZones,
  formatDateTime,
  timeZoneChoices,
  timeZoneCity,
  timeZoneGenericName,
  timeZoneLabel,
} from '@evident/core/time-zone';
import { Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import { positionedWhileOpen } from '../../widgets/positioned-while-open';
import { DeclarationsPanel } from './declarations-panel';
import { RetentionPanel } from './retention-panel';

type ZoneGroup = { group: string; items: { value: string; label: string }[] };

/**
 * The zones to choose from, Australian ones first and named as people know them ('Sydney ·
 * Australian Eastern Time'); the zone in use is offered even where this browser does not list it.
 */
function zoneOptions(current: string | undefined): ZoneGroup[] {
  const australian = new Set<string>(australianTimeZones);
  const others = timeZoneChoices().filter((zone) => !australian.has(zone));
  if (current && !australian.has(current) && !others.includes(current)) others.unshift(current);
  return [
    {
      group: 'Australia',
      items: australianTimeZones.map((zone) => ({
        value: zone,
        label: `${timeZoneCity(zone)} · ${timeZoneGenericName(zone)}`,
      })),
    },
    {
      group: 'Other time zones',
      items: others.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    },
  ];
}

/**
 * Settings (/admin/settings): how the organisation's documents are written (their time zone), and
 * the declarations students and assessors confirm (issue 29).
 */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const settings = trpc.admin.settings.get.useQuery();
  const utils = trpc.useUtils();
  const [chosen, setChosen] = useState<string | null>(null);
  const current = settings.data?.timeZone;
  const zone = chosen ?? current ?? null;
  const options = useMemo(() => zoneOptions(current), [current]);
  const save = trpc.admin.settings.update.useMutation({
    onSuccess: (saved) => {
      utils.admin.settings.get.setData(undefined, saved);
      setChosen(null);
      toastSuccess('Time zone saved', `Dates are now written in ${saved.timeZoneLabel}.`);
    },
    onError: (error) => toastError('Could not save the time zone', errorMessage(error, 'Please try again')),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (zone) save.mutate({ timeZone: zone });
  }

  return (
    <>
      <PageHeader
        title="Settings"
        subtitle="How Evident writes your organisation's documents, and what students and assessors declare."
      />
      {settings.isError ? (
        <LoadError
          title="Could not load the settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={640}>
          <form onSubmit={submit}>
            <Stack gap="md">
              <Group gap="sm" wrap="nowrap">
                <IconWorld size={22} stroke={1.7} aria-hidden />
                <Title order={2} fz="lg">
                  Time zone
                </Title>
              </Group>
              <Text size="sm" c="dimmed">
                Every date in assessment record PDFs, CSV exports and emails is written in this time zone, and
                the record names it. Screens show each person the time where they are.
              </Text>
              {settings.data ? (
                <Select
                  label="Organisation time zone"
                  data={options}
                  value={zone}
                  onChange={setChosen}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage="No time zone matches"
                  maxDropdownHeight={320}
                  comboboxProps={positionedWhileOpen}
                />
              ) : (
                <Skeleton height={60} radius="sm" aria-label="Loading" />
              )}
              {zone ? (
                <Stack gap={2} data-testid="zone-preview">
                  <Text size="sm">
                    A record printed now says{' '}
                    <Text span fw={600} inherit>
                      {formatDateTime(Date.now(), zone)}
                    </Text>
                    , under ‘Times in {timeZoneLabel(zone)}’.
                  </Text>
                  {settings.data?.isServerDefault && !chosen ? (
                    <Text size="sm" c="dimmed">
                      No time zone chosen yet: this is the server’s.
                    </Text>
                  ) : null}
                </Stack>
              ) : null}
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} disabled={!chosen || chosen === current}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      <Stack gap="lg" mt="lg">
        <DeclarationsPanel />
        <RetentionPanel />
      </Stack>
    </>
  );
}
