import { releaseLabel } from '@evident/core/requirement-text';
import type { RequirementItem } from '@evident/core/requirements';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconReplace } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { RequirementsChanges } from './requirements-changes';
import {
  pasteOver,
  type RequirementGroup,
  type RequirementsDraft,
  readPasted,
  releaseProblem,
} from './requirements-model';

/**
 * Pasting a section's text over the items it already holds (the register out of reach, its page open
 * elsewhere): before anything is replaced, the changes are shown item by item as a re-fetch shows
 * them, and text that removes or rewords items of the saved release asks which release it is, so
 * saving keeps the old items on the tasks and decisions that use them. Nothing is saved until the unit is.
 */
export function PasteOver({
  group,
  draft,
  saved,
  onReplace,
}: {
  group: RequirementGroup;
  draft: RequirementsDraft | null;
  saved: RequirementsDraft | null;
  onReplace: (next: RequirementsDraft) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [release, setRelease] = useState('');
  const items = useMemo<RequirementItem[]>(() => readPasted(group, text), [group, text]);
  const { next, diff, needsRelease } = pasteOver(draft, saved, group, items);
  const problem = needsRelease ? releaseProblem(release, draft?.release ?? null) : null;
  const held = releaseLabel(draft?.release ?? null);
  const changes = diff.added.length + diff.removed.length + diff.reworded.length;
  const proposal = needsRelease && !problem ? { ...next, release: release.trim() } : next;
  const close = () => {
    setOpen(false);
    setText('');
    setRelease('');
  };
  if (!open)
    return (
      <Button
        variant="default"
        size="compact-sm"
        leftSection={<IconReplace size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        Paste over {group.title}
      </Button>
    );
  return (
    <Stack gap="xs" data-testid={`paste-over-${group.id}`}>
      <Textarea
        label={`New ${group.title} text`}
        description="Paste the whole section as the register's page shows it: the changes are listed before anything is replaced."
        autosize
        minRows={4}
        maxRows={14}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      {needsRelease ? (
        <TextInput
          label="Release of this text"
          description={`It removes or rewords items of the ${held}, which tasks and decisions may use: those stay under the ${held}, and the new words come as the release the register's page names.`}
          placeholder="e.g. 3"
          value={release}
          onChange={(event) => setRelease(event.currentTarget.value)}
          error={release.trim() ? problem : null}
          styles={{ input: { maxWidth: '10rem' } }}
        />
      ) : null}
      <div aria-live="polite">
        {items.length === 0 ? (
          <Text size="sm">No items read yet.</Text>
        ) : changes === 0 ? (
          <Text size="sm">The pasted text holds the same items in the same words: nothing to replace.</Text>
        ) : draft ? (
          <RequirementsChanges before={draft} after={proposal} />
        ) : null}
      </div>
      <Group gap="xs">
        <Button
          size="compact-sm"
          color="orange"
          disabled={items.length === 0 || changes === 0 || problem !== null}
          onClick={() => {
            onReplace(proposal);
            close();
          }}
        >
          Replace {group.title}
        </Button>
        <Button size="compact-sm" variant="subtle" onClick={close}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
