import { ActionIcon, Anchor, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { toastError, toastSuccess } from '../toast/toast';
import { copyText } from './copy-text';

type CopyableValueProps = { label: string; value: string; hint: string; openable?: boolean };

/** A read-only value with a copy button (and optionally a link that opens it in a new tab). */
export function CopyableValue({ label, value, hint, openable = false }: CopyableValueProps) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!(await copyText(value))) {
      toastError('Copy failed', 'Select the text and copy it by hand');
      return;
    }
    toastSuccess('Copied', `${label} copied to the clipboard`);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1500);
  }

  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        description={hint}
        value={value}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        rightSectionWidth={openable ? 72 : 40}
        rightSection={
          <Group gap={4} wrap="nowrap">
            {openable ? (
              <Tooltip label="Open in new tab" openDelay={300}>
                <ActionIcon
                  component="a"
                  href={value}
                  target="_blank"
                  rel="noreferrer"
                  variant="subtle"
                  color="gray"
                  aria-label={`Open ${label} in a new tab`}
                >
                  <IconExternalLink size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label={copied ? 'Copied' : 'Copy'} openDelay={300}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                aria-label={`Copy ${label}`}
                onClick={() => void copy()}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          </Group>
        }
      />
      {openable ? (
        <Text size="xs">
          <Anchor href={value} target="_blank" rel="noreferrer">
            Open the configuration JSON in a new tab
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
