import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCamera,
  IconMicrophone,
  IconPaperclip,
  IconRefresh,
  IconTrash,
  IconVideo,
  IconX,
} from '@tabler/icons-react';
import { type ChangeEvent, useRef } from 'react';
import { useBrowserValue } from '../../start-up/browser-value';
import classes from './add-evidence-controls.module.css';
import { AudioRecorder } from './audio-recorder';
import { useCoarsePointer } from './coarse-pointer';
import { evidenceAccept } from './evidence-accept';
import { QueuedCaptures } from './queued-captures';
import { UploadProgress } from './upload-progress';
import { cancelUpload, discardUpload, retryUpload, startUpload } from './upload-queue';
import { useTaskUpload } from './upload-store';
import { canRecordAudio } from './use-audio-recorder';
import { useDeclarationStep } from './use-declaration-step';

type AddEvidenceControlsProps = {
  userId: string;
  taskId: string;
  taskTitle: string;
  /** Id of the card's title, so every button is announced with the task it belongs to. */
  describedBy: string;
  /** What the task asks for: the camera on photo and video tasks, the microphone on audio tasks. */
  evidenceTypes: readonly string[];
  /** The main button's words: 'Add Evidence' on a card, 'Add more evidence' in View Evidence. */
  addLabel?: string;
};

/**
 * Adding evidence to one task: a file picker for every allowed type (only the first file is used),
 * and the capture actions the task asks for (the phone's camera for a photo or a video on photo
 * tasks, for a video on video tasks, the microphone on audio tasks; a computer's picker of videos on
 * video tasks); then the upload's progress, or a failed upload to retry.
 */
export function AddEvidenceControls({
  userId,
  taskId,
  taskTitle,
  describedBy,
  evidenceTypes,
  addLabel = 'Add Evidence',
}: AddEvidenceControlsProps) {
  const upload = useTaskUpload(userId, taskId);
  const fileInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const [recorderOpened, recorder] = useDisclosure(false);
  // Camera capture only makes sense where there is a camera to hand: phones and tablets.
  const touch = useCoarsePointer();
  const microphone = useBrowserValue(canRecordAudio, false);
  const camera = touch && evidenceTypes.includes('photo');
  const asksForVideo = evidenceTypes.includes('video');
  // A photo task has always taken a video as well; a video task asks for nothing else from the camera.
  const recordVideo = camera || (touch && asksForVideo);
  const chooseVideo = !touch && asksForVideo;
  const recordAudio = microphone && evidenceTypes.includes('audio');
  // Each file is declared the student's own work before it is chosen (issue 29).
  const declaration = useDeclarationStep(taskTitle);
  const choose = (input: { current: HTMLInputElement | null }) => () =>
    declaration.ask('Confirm and choose file', () => input.current?.click());
  const openRecorder = () => declaration.ask('Confirm and record', recorder.open);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    event.currentTarget.value = '';
    if (file) startUpload(userId, taskId, file, declaration.take());
  }

  const uploading = upload?.state === 'active';

  return (
    <Stack gap="sm">
      <input
        ref={fileInput}
        type="file"
        accept={evidenceAccept}
        hidden
        onChange={pick}
        aria-label={`Evidence file for ${taskTitle}`}
        data-testid="evidence-file-input"
      />
      <input
        ref={photoInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={pick}
        aria-label={`Photo for ${taskTitle}`}
        data-testid="evidence-photo-input"
      />
      <input
        ref={videoInput}
        type="file"
        accept="video/*"
        capture="environment"
        hidden
        onChange={pick}
        aria-label={`Video for ${taskTitle}`}
        data-testid="evidence-video-input"
      />

      {upload?.state === 'active' ? (
        <>
          <Group gap="xs" wrap="nowrap">
            {/* Not `disabled`: a greyed-out button would hide the one word that says what is going on. */}
            <Button
              variant="light"
              flex={1}
              aria-disabled
              className={classes.busy}
              leftSection={<Loader size={16} color="currentColor" aria-hidden />}
              aria-describedby={describedBy}
              data-testid="add-evidence"
            >
              Uploading...
            </Button>
            {upload.stage !== 'saving' ? (
              <Button
                variant="default"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => cancelUpload(userId, taskId)}
                aria-describedby={describedBy}
              >
                Cancel
              </Button>
            ) : null}
          </Group>
          <UploadProgress
            stage={upload.stage}
            sent={upload.sent}
            total={upload.total}
            fileName={upload.fileName}
          />
        </>
      ) : null}

      {upload?.state === 'failed' ? (
        <Alert
          color={upload.retryable ? 'yellow' : 'red'}
          variant="light"
          radius="md"
          p="sm"
          title={upload.cancelled ? 'Upload cancelled' : 'Upload failed'}
          classNames={{ title: classes.alertTitle }}
          data-testid="upload-failed"
        >
          <Stack gap="xs">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {upload.fileName}
            </Text>
            {upload.reason ? <Text size="sm">{upload.reason}</Text> : null}
            {upload.retryable ? (
              <Text size="sm">
                {upload.cancelled
                  ? 'The file is kept on this device; retry to send it.'
                  : upload.offline
                    ? 'The file is kept on this device and is sent by itself when the connection is back.'
                    : 'The file is kept on this device and is tried again by itself shortly.'}
              </Text>
            ) : null}
            <Group gap="xs">
              {upload.retryable ? (
                <Button
                  size="xs"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  onClick={() => retryUpload(userId, taskId)}
                  aria-describedby={describedBy}
                  data-testid="retry-upload"
                >
                  Retry upload
                </Button>
              ) : null}
              <Button
                size="xs"
                variant="default"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => discardUpload(userId, taskId)}
                aria-describedby={describedBy}
                data-testid="discard-upload"
              >
                {upload.retryable ? 'Discard' : 'Dismiss'}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      {!uploading && upload?.state !== 'failed' ? (
        <Stack gap="xs">
          <Group gap="xs">
            <Button
              leftSection={<IconPaperclip size={18} aria-hidden />}
              onClick={choose(fileInput)}
              aria-describedby={describedBy}
              data-testid="add-evidence"
              fullWidth={touch}
            >
              {addLabel}
            </Button>
            {chooseVideo ? (
              <CaptureButton icon={IconVideo} describedBy={describedBy} onClick={choose(videoInput)}>
                Choose video
              </CaptureButton>
            ) : null}
            {recordAudio && !touch ? (
              <CaptureButton icon={IconMicrophone} describedBy={describedBy} onClick={openRecorder}>
                Record audio
              </CaptureButton>
            ) : null}
          </Group>
          {recordVideo || (touch && recordAudio) ? (
            // On a phone the camera and the microphone sit side by side as equal tiles.
            <div className={classes.tiles}>
              {camera ? (
                <CaptureButton tile icon={IconCamera} describedBy={describedBy} onClick={choose(photoInput)}>
                  Take photo
                </CaptureButton>
              ) : null}
              {recordVideo ? (
                <CaptureButton tile icon={IconVideo} describedBy={describedBy} onClick={choose(videoInput)}>
                  Record video
                </CaptureButton>
              ) : null}
              {recordAudio ? (
                <CaptureButton tile icon={IconMicrophone} describedBy={describedBy} onClick={openRecorder}>
                  Record audio
                </CaptureButton>
              ) : null}
            </div>
          ) : null}
        </Stack>
      ) : null}

      <QueuedCaptures userId={userId} taskId={taskId} describedBy={describedBy} />

      <AudioRecorder
        opened={recorderOpened}
        taskTitle={taskTitle}
        onClose={recorder.close}
        onRecorded={(file) => startUpload(userId, taskId, file, declaration.take())}
      />
      {declaration.dialog}
    </Stack>
  );
}

type CaptureButtonProps = {
  icon: typeof IconCamera;
  describedBy: string;
  onClick: () => void;
  children: string;
  /** Icon above the label, for the phone's row of three. */
  tile?: boolean;
};

function CaptureButton({ icon: Icon, describedBy, onClick, children, tile = false }: CaptureButtonProps) {
  return (
    <Button
      variant="light"
      leftSection={tile ? undefined : <Icon size={16} aria-hidden />}
      onClick={onClick}
      aria-describedby={describedBy}
      className={tile ? classes.tile : undefined}
      classNames={tile ? { label: classes.tileLabel } : undefined}
    >
      {tile ? <Icon size={22} aria-hidden /> : null}
      {children}
    </Button>
  );
}
