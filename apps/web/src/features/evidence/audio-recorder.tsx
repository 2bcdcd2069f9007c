import { lazyDialog } from '../dialog/lazy-dialog';
import type { AudioRecorderModalProps } from './audio-recorder-modal';

/** Record audio (audio-recorder-modal.tsx): every task card has one, and most are never opened. */
export const AudioRecorder = lazyDialog<AudioRecorderModalProps>(
  () => import('./audio-recorder-modal').then((module) => module.AudioRecorderModal),
  (props) => props.opened,
);
