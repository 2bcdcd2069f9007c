import { formatByteSize } from '@evident/core/file-size';
import { Group, Progress, Text } from '@mantine/core';
import type { UploadStage } from './upload-store';

type UploadProgressProps = { stage: UploadStage; sent: number; total: number; fileName: string };

function stageText(stage: UploadStage, sent: number, total: number, percent: number): string {
  switch (stage) {
    case 'preparing':
      return 'Preparing file...';
    case 'sending':
      return `Uploading ${percent} % · ${formatByteSize(sent)} of ${formatByteSize(total)}`;
    case 'saving':
      return 'Saving...';
  }
}

/** Real bytes sent (XHR upload progress), as a bar a screen reader can read too. */
export function UploadProgress({ stage, sent, total, fileName }: UploadProgressProps) {
  const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
  const text = stageText(stage, sent, total, percent);
  // Preparing has no measurable progress: the bar runs striped without a value.
  const known = stage === 'sending' || stage === 'saving';
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Text size="xs" c="dimmed" truncate="end" miw={0}>
          {fileName}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
          {text}
        </Text>
      </Group>
      <Progress.Root
        size="md"
        radius="xl"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? percent : undefined}
        aria-valuetext={known ? `${percent}% (${text})` : text}
        data-testid="upload-progress"
        data-stage={stage}
        data-sent={sent}
        data-total={total}
      >
        <Progress.Section
          value={known ? percent : 100}
          withAria={false}
          striped={!known || stage === 'saving'}
          animated={!known || stage === 'saving'}
          opacity={known ? 1 : 0.45}
        />
      </Progress.Root>
    </div>
  );
}
