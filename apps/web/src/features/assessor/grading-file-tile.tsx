import { formatKilobytes } from '@evident/core/file-size';
import { Badge, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { DateTimeText, dateOnly, timeOnly } from '../../format/date-time';
import { type FileLook, iconOfLook, lookOfFile } from '../evidence/file-look';
import { FileHashButton } from './file-hash-button';
import classes from './grading.module.css';
import type { GradingFile } from './grading-types';

const actionOf: Record<FileLook, string> = {
  image: 'View photo',
  audio: 'Play recording',
  video: 'Play video',
  pdf: 'Open PDF',
  document: 'Open document',
};

const noWrap = { whiteSpace: 'nowrap' } as const;

const notDeclared = { color: 'var(--mantine-color-orange-text)', fontWeight: 600 } as const;

/** Short marks for what an earlier decision made of a file; the full words go to screen readers. */
const judgedMark = { satisfactory: 'S', not_yet_satisfactory: 'NYS' } as const;
const judgedWords = {
  satisfactory: 'judged Satisfactory by an earlier decision',
  not_yet_satisfactory: 'judged Not Yet Satisfactory by an earlier decision',
} as const;

/** What the tile says of the file against the last decision: new since, or judged by an earlier one. */
function ReviewMark({ file }: { file: GradingFile }) {
  if (file.isNew) {
    return (
      <Badge
        size="sm"
        variant="filled"
        color="blue"
        tt="none"
        className={classes.tileMark}
        data-testid="file-mark"
      >
        New
      </Badge>
    );
  }
  if (!file.judgedBy) return null;
  const { status } = file.judgedBy;
  return (
    <Badge
      size="sm"
      variant="filled"
      color={status === 'satisfactory' ? 'green' : 'orange'}
      className={classes.tileMark}
      data-testid="file-mark"
    >
      {judgedMark[status]}
    </Badge>
  );
}

/** A file on a grading card: its thumbnail or poster (an icon otherwise), name and size; opens in place. */
export function GradingFileTile({
  file,
  onOpen,
}: {
  file: GradingFile;
  onOpen: (file: GradingFile) => void;
}) {
  const look = lookOfFile(file);
  const Icon = iconOfLook[look];
  // Never the original inline: a photo without a preview (being made, or one that cannot be) shows
  // its icon, as a huge picture would cost the browser what it would have cost the server.
  const preview = file.thumbnailUrl;
  // An admin recorded it while viewing the app as the student: the record says so, as for a decision.
  const recordedBy = file.recordedByAdminName ? `, recorded by admin ${file.recordedByAdminName}` : '';
  const mark = file.isNew
    ? ', new since the last decision'
    : file.judgedBy
      ? `, ${judgedWords[file.judgedBy.status]}`
      : '';
  // Issue 29: sent without the student's declaration that it is their own work.
  const undeclared = file.declared ? '' : ', not declared';
  return (
    <li className={classes.tileItem}>
      <UnstyledButton
        className={classes.tile}
        onClick={() => onOpen(file)}
        aria-label={`${actionOf[look]}: ${file.fileName}, ${formatKilobytes(file.fileSize)}${mark}${undeclared}${recordedBy}`}
        data-testid="grading-file"
      >
        <span className={classes.thumb} aria-hidden>
          {preview ? (
            <img src={preview} alt="" loading="lazy" decoding="async" className={classes.thumbImage} />
          ) : (
            <Icon size={32} stroke={1.5} />
          )}
          <ReviewMark file={file} />
          {look === 'video' || look === 'audio' ? (
            <span className={classes.playBadge}>
              <IconPlayerPlayFilled size={14} />
            </span>
          ) : null}
        </span>
        <span className={classes.tileName}>{file.fileName}</span>
        <span className={classes.tileSize} data-testid="grading-file-size">
          {formatKilobytes(file.fileSize)}
        </span>
        {file.declared ? null : (
          <span className={classes.tileSize} style={notDeclared} data-testid="grading-file-undeclared">
            Not declared
          </span>
        )}
        {file.recordedByAdminName ? (
          <span className={classes.tileSize} data-testid="grading-file-recorder">
            Recorded by admin {file.recordedByAdminName}
          </span>
        ) : null}
        {file.capturedAt ? (
          // Issue 18: a file captured offline arrives later; it counts from when it was captured.
          <span className={classes.tileSize} data-testid="grading-file-captured">
            {/* As a card writes every moment, but a narrow tile breaks it between the day and the time. */}
            Captured{' '}
            <span style={noWrap}>
              <DateTimeText value={file.capturedAt} options={dateOnly} />,
            </span>{' '}
            <span style={noWrap}>
              <DateTimeText value={file.capturedAt} options={timeOnly} />
            </span>
          </span>
        ) : null}
      </UnstyledButton>
      <FileHashButton file={file} />
    </li>
  );
}
