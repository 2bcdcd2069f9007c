import type { RequirementItem } from '@evident/core/requirements';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconClipboardText } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { depthOf, type RequirementGroup, readPasted } from './requirements-model';
import classes from './unit-form.module.css';

/**
 * Pasting one section's text from the register's page when the register cannot be reached: one item
 * a line, nested items indented or numbered. The preview is what the parser read, before anything
 * is added; nothing is saved until the unit is.
 */
export function PasteSection({
  group,
  onAdd,
}: {
  group: RequirementGroup;
  onAdd: (items: RequirementItem[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const items = useMemo(() => readPasted(group, text), [group, text]);
  const previewId = useId();
  if (!open)
    return (
      <Button
        variant="default"
        size="compact-sm"
        leftSection={<IconClipboardText size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        Paste {group.title}
      </Button>
    );
  return (
    <Stack gap="xs">
      <Textarea
        label={`${group.title} text`}
        description={
          group.id === 'element'
            ? 'One line each: "1 Element" then "1.1 Criterion", or criteria indented under their element.'
            : 'One item a line; indent nested items or number them like 3.2.'
        }
        autosize
        minRows={4}
        maxRows={14}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        aria-describedby={previewId}
        data-autofocus
      />
      <div id={previewId} aria-live="polite">
        <Text size="sm" fw={600}>
          {items.length === 0 ? 'Preview: no items read yet' : `Preview: ${items.length} items`}
        </Text>
        {items.length > 0 ? (
          <ul className={classes.requirementList} data-testid="paste-preview">
            {items.map((item) => (
              <li key={item.key} style={{ paddingInlineStart: `${depthOf(item) * 1.25}rem` }}>
                <span className={classes.requirementKey}>{item.key}</span> {item.text}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Group gap="xs">
        <Button size="compact-sm" disabled={items.length === 0} onClick={() => onAdd(items)}>
          Add {items.length > 0 ? `${items.length} items` : 'items'}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => {
            setOpen(false);
            setText('');
          }}
        >
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
