import { formatElapsed, recordingFileName } from '@evident/core/audio-recording';
import { formatByteSize } from '@evident/core/file-size';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconPlayerStopFilled,
  IconRefresh,
  IconUpload,
} from '@tabler/icons-react';
import classes from './audio-recorder-modal.module.css';
import { useAudioRecorder } from './use-audio-recorder';

export type AudioRecorderModalProps = {
  opened: boolean;
  taskTitle: string;
  onClose: () => void;
  /** The finished recording, to upload as evidence. */
  onRecorded: (file: File) => void;
};

/** Record audio as evidence in the browser: start, stop, listen back, then upload or record again. */
export function AudioRecorderModal({ opened, taskTitle, onClose, onRecorded }: AudioRecorderModalProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Record audio"
      centered={!phone}
      fullScreen={phone}
      radius={phone ? 0 : 'lg'}
      // A stray tap outside must not throw away a recording.
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close recorder' }}
      data-testid="audio-recorder"
    >
      {opened ? <Recorder taskTitle={taskTitle} onClose={onClose} onRecorded={onRecorded} /> : null}
    </Modal>
  );
}

function Recorder({ taskTitle, onClose, onRecorded }: Omit<AudioRecorderModalProps, 'opened'>) {
  const { state, elapsedMs, start, stop, reset } = useAudioRecorder();

  function upload() {
    if (state.phase !== 'recorded') return;
    const file = new File([state.blob], recordingFileName(new Date(), state.blob.type), {
      type: state.blob.type,
    });
    onRecorded(file);
    reset();
    onClose();
  }

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        For: <strong>{taskTitle}</strong>. Describe what you did and why, in your own words.
      </Text>

      <Stack align="center" gap="xs" py="md">
        <div className={classes.dial} data-recording={state.phase === 'recording' || undefined} aria-hidden>
          {state.phase === 'error' ? <IconMicrophoneOff size={40} /> : <IconMicrophone size={40} />}
        </div>
        <Text className={classes.elapsed} role="timer" aria-label="Recording length">
          {formatElapsed(elapsedMs)}
        </Text>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {statusText(state.phase)}
        </Text>
      </Stack>

      {state.phase === 'error' ? (
        <Alert color="red" variant="light" title="Could not record" role="alert">
          {state.message}
        </Alert>
      ) : null}

      {state.phase === 'recorded' ? (
        <Stack gap={4}>
          {/* biome-ignore lint/a11y/useMediaCaption: the student's own voice, just recorded, has no captions */}
          <audio controls src={state.previewUrl} className={classes.preview} aria-label="Recording preview" />
          <Text size="xs" c="dimmed" ta="center">
            {formatElapsed(state.durationMs)} · {formatByteSize(state.blob.size)}
          </Text>
        </Stack>
      ) : null}

      <Group justify="center" gap="sm">
        {state.phase === 'idle' || state.phase === 'error' ? (
          <Button
            size="md"
            color="red"
            leftSection={<IconMicrophone size={18} aria-hidden />}
            onClick={() => void start()}
          >
            {state.phase === 'error' ? 'Try again' : 'Start recording'}
          </Button>
        ) : null}
        {state.phase === 'requesting' ? (
          <Button size="md" disabled leftSection={<Loader size={16} />}>
            Waiting for microphone...
          </Button>
        ) : null}
        {state.phase === 'recording' ? (
          <Button
            size="md"
            color="red"
            variant="filled"
            leftSection={<IconPlayerStopFilled size={18} aria-hidden />}
            onClick={stop}
          >
            Stop recording
          </Button>
        ) : null}
        {state.phase === 'recorded' ? (
          <>
            <Button
              size="md"
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={reset}
            >
              Record again
            </Button>
            <Button size="md" leftSection={<IconUpload size={18} aria-hidden />} onClick={upload}>
              Upload recording
            </Button>
          </>
        ) : null}
      </Group>
    </Stack>
  );
}

function statusText(phase: ReturnType<typeof useAudioRecorder>['state']['phase']): string {
  switch (phase) {
    case 'idle':
      return 'Ready to record';
    case 'requesting':
      return 'Allow the microphone when your browser asks';
    case 'recording':
      return 'Recording...';
    case 'recorded':
      return 'Listen back, then upload it or record again';
    case 'error':
      return 'Not recording';
  }
}
