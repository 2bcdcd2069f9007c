import { downloadFileName } from '@evident/core/download-name';
import { formatKilobytes } from '@evident/core/file-size';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconExternalLink, IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { dateAndTimeFormat } from '../../format/date-time';
import type { EvidenceFileView } from './evidence-outputs';
import classes from './evidence-viewer.module.css';
import { type FileLook, iconOfLook, lookOfFile } from './file-look';

/** A stored evidence file with its signed links, as `student.evidence.list` (and the assessor views) return it. */
export type EvidenceFileLinks = Omit<EvidenceFileView, 'createdAt' | 'capturedAt' | 'urlsExpireAt'> &
  Partial<Pick<EvidenceFileView, 'createdAt' | 'capturedAt'>>;

/**
 * Issue 18: a file captured offline is received later; the assessor judges it by when it was
 * captured, so both are shown.
 */
function CaptureTimes({ file }: { file: EvidenceFileLinks }) {
  if (!file.capturedAt || !file.createdAt) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="evidence-file-times">
      <span data-testid="evidence-captured-at" data-at={file.capturedAt}>
        Captured {dateAndTimeFormat().format(new Date(file.capturedAt))}
      </span>
      {' · '}
      <span data-testid="evidence-received-at" data-at={file.createdAt}>
        Received {dateAndTimeFormat().format(new Date(file.createdAt))}
      </span>
    </Text>
  );
}

/** One file in the evidence viewer: a preview or player that fits its type, its name and its size. */
export function EvidenceFileItem({ file, action }: { file: EvidenceFileLinks; action?: ReactNode }) {
  const look = lookOfFile(file);
  const Icon = iconOfLook[look];
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      className={classes.item}
      data-testid="evidence-file"
      data-file-type={file.fileType}
    >
      <Stack gap="sm">
        <Preview file={file} look={look} />
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="gray" size="md" radius="md" aria-hidden>
            <Icon size={18} />
          </ThemeIcon>
          <Stack gap={2} miw={0} flex={1}>
            <Text fw={600} size="sm" className={classes.fileName}>
              {file.fileName}
            </Text>
            <Group gap="xs">
              <Text size="xs" c="dimmed" data-testid="evidence-file-size">
                {formatKilobytes(file.fileSize)}
              </Text>
              {file.isPrimary ? (
                <Badge size="xs" variant="outline" color="gray" tt="none">
                  Primary
                </Badge>
              ) : null}
              {file.declared === false ? (
                // Issue 29: sent without the student's authenticity declaration (yet).
                <Badge size="xs" variant="light" color="orange" tt="none" data-testid="not-declared">
                  Not declared
                </Badge>
              ) : null}
            </Group>
            <CaptureTimes file={file} />
          </Stack>
        </Group>
        <Group gap="xs" justify="space-between">
          <Actions file={file} look={look} />
          {action}
        </Group>
      </Stack>
    </Paper>
  );
}

function Preview({ file, look }: { file: EvidenceFileLinks; look: FileLook }) {
  const [broken, setBroken] = useState(false);
  if (look === 'image') {
    // Only the server's small preview is shown inline, never the original: a huge picture would
    // cost the browser what it would have cost the server.
    if (!file.thumbnailUrl || broken) return <ImagePlaceholder file={file} />;
    return (
      <a href={file.url} target="_blank" rel="noopener noreferrer" className={classes.imageLink}>
        <img
          src={file.thumbnailUrl}
          alt={`${file.fileName} (opens full size in a new tab)`}
          className={classes.image}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
        />
      </a>
    );
  }
  if (look === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a student's own workplace recording has no caption track
      <audio
        controls
        preload="metadata"
        src={file.url}
        className={classes.audio}
        aria-label={file.fileName}
      />
    );
  }
  if (look === 'video') {
    // Keyed by source, so a copy that became ready (or a refreshed link) gets a fresh try.
    const src = file.playableUrl ?? file.url;
    return <VideoPreview key={src} file={file} src={src} />;
  }
  return null;
}

/** A photo without a preview (still being made, or one that cannot be made): an icon that opens it. */
function ImagePlaceholder({ file }: { file: EvidenceFileLinks }) {
  const pending = file.thumbnailStatus === 'pending';
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.placeholder}
      data-testid="evidence-image-placeholder"
    >
      <IconPhoto size={40} stroke={1.5} aria-hidden />
      <Text size="sm" c="dimmed" component="span">
        {pending ? 'Preparing a preview' : 'No preview for this photo'}
      </Text>
      <Text size="xs" component="span" className={classes.placeholderAction}>
        Open the photo
        <VisuallyHidden> {file.fileName} (opens in a new tab)</VisuallyHidden>
      </Text>
    </a>
  );
}

function VideoPreview({ file, src }: { file: EvidenceFileLinks; src: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <Stack gap={4}>
      {broken ? (
        <Text size="sm" c="dimmed" className={classes.previewFallback}>
          This browser cannot play this video; download it to watch
        </Text>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: a student's own workplace recording has no caption track
        <video
          controls
          playsInline
          preload="metadata"
          // The server's H.264 copy once it is ready: iPhone HEVC originals do not play everywhere.
          src={src}
          poster={file.thumbnailUrl ?? undefined}
          className={classes.video}
          aria-label={file.fileName}
          onError={() => setBroken(true)}
        />
      )}
      {file.videoStatus === 'pending' ? (
        <Text size="xs" c="dimmed">
          Preparing a version that plays in every browser; open this again in a few minutes
        </Text>
      ) : null}
    </Stack>
  );
}

function Actions({ file, look }: { file: EvidenceFileLinks; look: FileLook }) {
  if (look === 'pdf') {
    return (
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
          Open PDF
          <VisuallyHidden> {file.fileName} (opens in a new tab)</VisuallyHidden>
        </Button>
        <DownloadLink file={file} />
      </Group>
    );
  }
  if (look === 'document') {
    return (
      <Group gap="xs">
        <Button
          component="a"
          href={file.downloadUrl}
          download={downloadFileName(file.fileName, file.fileType)}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
        >
          Download
          <VisuallyHidden> {file.fileName}</VisuallyHidden>
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs">
      <DownloadLink file={file} />
    </Group>
  );
}

function DownloadLink({ file }: { file: EvidenceFileLinks }) {
  return (
    <Anchor
      href={file.downloadUrl}
      download={downloadFileName(file.fileName, file.fileType)}
      size="xs"
      className={classes.download}
    >
      <IconDownload size={14} aria-hidden /> Download
      <VisuallyHidden> {file.fileName}</VisuallyHidden>
    </Anchor>
  );
}
