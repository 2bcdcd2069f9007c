import { CATALOGUE_RELEASE } from '@evident/core/requirement-text';
import type { RequirementItem } from '@evident/core/requirements';
import { Accordion, Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  depthOf,
  draftLabel,
  itemsOf,
  missingReason,
  type RequirementGroup,
  type RequirementsDraft,
  requirementGroups,
} from './requirements-model';
import { PasteSection } from './requirements-paste';
import { PasteOver } from './requirements-paste-over';
import classes from './unit-form.module.css';

type PanelProps = {
  draft: RequirementsDraft | null;
  /** The saved requirements could not be read: said, rather than shown as none. */
  loadError?: { message: string } | null;
  /** Adds a pasted group's items to what the form will save. */
  onPaste: (items: RequirementItem[]) => void;
  /** What the unit holds saved, against which text pasted over a section is weighed. */
  saved?: RequirementsDraft | null;
  /** Takes the draft with a section pasted over, once its changes were shown and confirmed. */
  onReplace?: (next: RequirementsDraft) => void;
};

/**
 * The unit's requirements, read-only, one accordion item a section: what the register (or the bundled
 * catalogue) published, and for each section the unit does not hold, why, with a place to paste it.
 */
export function RequirementsPanel({ draft, onPaste, loadError, saved = null, onReplace }: PanelProps) {
  const held = draft?.items.length ?? 0;
  if (loadError && !draft)
    return (
      <Alert color="red" variant="light" title="Could not load this unit's requirements" role="alert">
        {loadError.message}. Reload the page to try again; saving the unit leaves its requirements as they
        are.
      </Alert>
    );
  return (
    <Stack gap="xs" data-testid="unit-requirements">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} id="unit-requirements-heading">
          Requirements
        </Text>
        <Badge variant="light" color={held > 0 ? 'blue' : 'gray'} data-testid="requirements-release">
          {draftLabel(draft)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {held === 0
          ? 'None yet. Fetch the unit from TGA, or paste a section below.'
          : draft?.release === CATALOGUE_RELEASE
            ? `${held} items summarised in Evident's own words, not the register's text. Fetch from TGA for the published wording.`
            : `${held} items, as the register publishes them. Fetch from TGA to update them.`}
      </Text>
      <Accordion multiple variant="separated" radius="md" aria-labelledby="unit-requirements-heading">
        {requirementGroups.map((group) => (
          <GroupItem
            key={group.id}
            group={group}
            draft={draft}
            onPaste={onPaste}
            saved={saved}
            onReplace={onReplace}
          />
        ))}
      </Accordion>
    </Stack>
  );
}

function GroupItem({
  group,
  draft,
  onPaste,
  saved = null,
  onReplace,
}: { group: RequirementGroup } & PanelProps) {
  const items = itemsOf(draft, group);
  return (
    <Accordion.Item value={group.id} data-testid={`requirements-${group.id}`}>
      <Accordion.Control>
        <Group justify="space-between" gap="xs" wrap="nowrap" pr="xs">
          <Text size="sm" fw={600}>
            {group.title}
          </Text>
          {items.length > 0 ? (
            <Badge
              variant="light"
              color="gray"
              aria-label={`${items.length} items`}
              className={classes.sectionBadge}
            >
              {items.length}
            </Badge>
          ) : (
            <Badge
              variant="light"
              color="orange"
              leftSection={<IconAlertTriangle size={12} aria-hidden />}
              className={classes.sectionBadge}
            >
              Missing
            </Badge>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        {items.length > 0 ? (
          <Stack gap="xs">
            <ul className={classes.requirementList}>
              {items.map((item) => (
                <li key={item.key} style={{ paddingInlineStart: `${depthOf(item) * 1.25}rem` }}>
                  <span className={classes.requirementKey}>{item.key}</span> {item.text}
                </li>
              ))}
            </ul>
            {onReplace ? <PasteOver group={group} draft={draft} saved={saved} onReplace={onReplace} /> : null}
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text size="sm">{missingReason(draft, group)}</Text>
            <PasteSection group={group} onAdd={onPaste} />
          </Stack>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}
