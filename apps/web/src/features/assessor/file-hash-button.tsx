import { shortHash } from '@evident/core/file-hash';
import { Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import classes from './grading.module.css';
import type { GradingFile } from './grading-types';

type HashedFile = Pick<GradingFile, 'fileName' | 'sha256' | 'sha256RecordedLaterAt'>;

/**
 * Issue 29 §6: the file's SHA-256 under its tile, first 12 characters; a click copies the whole
 * hash, to compare with `sha256sum` of a downloaded copy or with `pnpm cli verify-evidence`. Kept
 * outside the tile's button, as a button cannot hold another.
 */
export function FileHashButton({ file }: { file: HashedFile }) {
  const clipboard = useClipboard({ timeout: 2000 });
  if (!file.sha256) {
    return (
      <span className={classes.hashNone} data-testid="file-hash-none">
        No SHA-256 (from before hashing)
      </span>
    );
  }
  const { sha256 } = file;
  const short = shortHash(sha256);
  const later = file.sha256RecordedLaterAt !== null;
  // Without a clipboard (an http address other than localhost) the tooltip still shows the whole hash.
  const failed = clipboard.error !== null;
  const said = clipboard.copied ? 'Copied' : failed ? 'Could not copy' : short;
  return (
    <>
      <Tooltip
        label={clipboard.copied ? 'Copied' : `SHA-256 ${sha256}`}
        multiline
        w={260}
        position="bottom-start"
        events={{ hover: true, focus: true, touch: false }}
        classNames={{ tooltip: classes.hashTooltip }}
      >
        <UnstyledButton
          className={classes.hash}
          onClick={() => clipboard.copy(sha256)}
          aria-label={`Copy the SHA-256 of ${file.fileName}, beginning ${short}${later ? ', recorded after the file' : ''}`}
          data-testid="file-hash"
          data-sha256={sha256}
        >
          {/* A hash taken later proves the bytes unchanged only since then; the tile says so. */}
          <span className={classes.hashCaption}>{later ? 'SHA-256, taken later' : 'SHA-256'}</span>
          <span className={classes.hashValue}>
            {clipboard.copied ? (
              <IconCheck size={12} aria-hidden />
            ) : failed ? (
              <IconAlertTriangle size={12} aria-hidden />
            ) : (
              <IconCopy size={12} aria-hidden />
            )}
            <span className={clipboard.copied || failed ? undefined : classes.hashText}>{said}</span>
          </span>
        </UnstyledButton>
      </Tooltip>
      <VisuallyHidden role="status">
        {clipboard.copied ? 'Copied' : failed ? 'Could not copy' : ''}
      </VisuallyHidden>
    </>
  );
}
