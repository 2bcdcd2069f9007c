import { formatKilobytes } from '@evident/core/file-size';
import { ActionIcon, Anchor, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconExternalLink, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useState } from 'react';
import { dateAndTimeFormat } from '../../format/date-time';
import { EvidenceFileItem } from '../evidence/evidence-file-item';
import { type FileLook, lookOfFile } from '../evidence/file-look';
import classes from './grading.module.css';
import type { GradingFile } from './grading-types';

export type FilePreviewModalProps = { file: GradingFile | null; onClose: () => void };

/** A file opened from a grading card, shown in place: photos zoomable, PDFs inline, players for media. */
export function FilePreviewModal({ file, onClose }: FilePreviewModalProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={file ? <FileTitle file={file} /> : null}
      fullScreen={phone}
      size="xl"
      radius={phone ? 0 : 'lg'}
      closeButtonProps={{ 'aria-label': 'Close file' }}
    >
      {file ? <FileBody file={file} look={lookOfFile(file)} /> : null}
    </Modal>
  );
}

function FileTitle({ file }: { file: GradingFile }) {
  return (
    <Stack gap={0} miw={0}>
      <Text fw={700} className={classes.wrap}>
        {file.fileName}
      </Text>
      <Text size="xs" c="dimmed">
        {file.fileType} · {formatKilobytes(file.fileSize)}
      </Text>
      {file.capturedAt ? (
        // Issue 18: judged by when it was captured, which may be hours before it was received.
        <Text size="xs" c="dimmed" data-testid="evidence-file-times">
          <span data-testid="evidence-captured-at">
            Captured {dateAndTimeFormat().format(new Date(file.capturedAt))}
          </span>
          {' · '}
          <span data-testid="evidence-received-at">
            Received {dateAndTimeFormat().format(new Date(file.createdAt))}
          </span>
        </Text>
      ) : null}
    </Stack>
  );
}

function FileBody({ file, look }: { file: GradingFile; look: FileLook }) {
  if (look === 'image') return <ZoomableImage file={file} />;
  if (look === 'pdf') {
    return (
      <Stack gap="sm">
        <iframe src={file.url} title={`PDF: ${file.fileName}`} className={classes.pdfFrame} />
        <Group gap="xs">
          <Button
            component="a"
            href={file.url}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            variant="light"
            leftSection={<IconExternalLink size={14} aria-hidden />}
          >
            Open in a new tab
          </Button>
          <DownloadButton file={file} />
        </Group>
      </Stack>
    );
  }
  // Audio, video and documents: the student's evidence viewer already plays or offers each one.
  return (
    <ul className={classes.plainList}>
      <EvidenceFileItem file={file} />
    </ul>
  );
}

const zoomSteps = [1, 1.5, 2, 3, 4] as const;

function ZoomableImage({ file }: { file: GradingFile }) {
  const [step, setStep] = useState(0);
  const zoom = zoomSteps[step] ?? 1;
  return (
    <Stack gap="sm">
      <Group gap="xs" justify="space-between">
        <Group gap={4}>
          <Tooltip label="Zoom out">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Zoom out"
              disabled={step === 0}
              onClick={() => setStep((s) => Math.max(0, s - 1))}
            >
              <IconZoomOut size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" w={48} ta="center" aria-live="polite">
            {Math.round(zoom * 100)}%
          </Text>
          <Tooltip label="Zoom in">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Zoom in"
              disabled={step === zoomSteps.length - 1}
              onClick={() => setStep((s) => Math.min(zoomSteps.length - 1, s + 1))}
            >
              <IconZoomIn size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Fit to screen">
            <ActionIcon variant="default" size="lg" aria-label="Fit to screen" onClick={() => setStep(0)}>
              <IconZoomReset size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <DownloadButton file={file} />
      </Group>
      <section
        className={classes.zoomArea}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the zoomed photo scrolls, so keyboard users must reach it
        tabIndex={0}
        aria-label={`${file.fileName}, zoom ${Math.round(zoom * 100)}%`}
      >
        <img
          src={file.url}
          alt={file.fileName}
          className={classes.zoomImage}
          style={{ width: `${zoom * 100}%` }}
          data-zoom={zoom}
        />
      </section>
    </Stack>
  );
}

function DownloadButton({ file }: { file: GradingFile }) {
  return (
    <Anchor href={file.downloadUrl} download={file.fileName} size="sm" className={classes.download}>
      <IconDownload size={14} aria-hidden /> Download
    </Anchor>
  );
}
