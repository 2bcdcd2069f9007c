import { pickRecordingType } from '@evident/core/audio-recording';
import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'requesting' }
  | { phase: 'recording'; startedAt: number }
  | { phase: 'recorded'; blob: Blob; previewUrl: string; durationMs: number }
  | { phase: 'error'; message: string };

/** True when this browser can record audio at all (a secure page with a microphone API and MediaRecorder). */
export function canRecordAudio(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder === 'function' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** What to tell a student whose microphone did not start; the browser's own names for the failures. */
function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Microphone access was blocked. Allow the microphone for this site in your browser settings, then try again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No microphone was found. Connect one and try again.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The microphone is busy in another app. Close that app and try again.';
    default:
      return 'Recording could not start. Please try again.';
  }
}

/**
 * Records audio with MediaRecorder: start asks for the microphone, stop hands back the recording
 * with a preview URL. The microphone is released as soon as recording stops or the component goes.
 */
export function useAudioRecorder() {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const [elapsedMs, setElapsedMs] = useState(0);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const previewUrlRef = useRef<string | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const mountedRef = useRef(true);

  const releaseMicrophone = useCallback(() => {
    clearInterval(timerRef.current);
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  const forgetPreview = useCallback(() => {
    if (previewUrlRef.current) URL.revokeObjectURL(previewUrlRef.current);
    previewUrlRef.current = null;
  }, []);

  const start = useCallback(async () => {
    if (!canRecordAudio()) {
      setState({
        phase: 'error',
        message: 'This browser cannot record audio. Choose an audio file with Add Evidence instead.',
      });
      return;
    }
    forgetPreview();
    setElapsedMs(0);
    setState({ phase: 'requesting' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      });
    } catch (error) {
      if (mountedRef.current) setState({ phase: 'error', message: microphoneProblem(error) });
      return;
    }
    if (!mountedRef.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    streamRef.current = stream;
    const mimeType = pickRecordingType((type) => MediaRecorder.isTypeSupported(type));
    let recorder: MediaRecorder;
    try {
      // 64 kbit/s Opus is clear speech at under 30 MB an hour.
      recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 64_000 } : undefined);
    } catch (error) {
      releaseMicrophone();
      setState({ phase: 'error', message: microphoneProblem(error) });
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const durationMs = performance.now() - startedAt;
      releaseMicrophone();
      if (!mountedRef.current) return;
      const type = recorder.mimeType || mimeType || 'audio/webm';
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) {
        setState({ phase: 'error', message: 'Nothing was recorded. Please try again.' });
        return;
      }
      previewUrlRef.current = URL.createObjectURL(blob);
      setElapsedMs(durationMs);
      setState({ phase: 'recorded', blob, previewUrl: previewUrlRef.current, durationMs });
    };
    recorder.onerror = () => {
      releaseMicrophone();
      if (mountedRef.current)
        setState({ phase: 'error', message: 'Recording stopped unexpectedly. Please try again.' });
    };
    recorderRef.current = recorder;
    // A chunk every second: a long recording is not held in one growing buffer inside the encoder.
    recorder.start(1000);
    setState({ phase: 'recording', startedAt });
    timerRef.current = setInterval(() => setElapsedMs(performance.now() - startedAt), 250);
  }, [forgetPreview, releaseMicrophone]);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  /** Drops the recording (or a running one) and goes back to the start. */
  const reset = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') {
      recorder.onstop = null;
      recorder.stop();
    }
    recorderRef.current = null;
    releaseMicrophone();
    forgetPreview();
    setElapsedMs(0);
    setState({ phase: 'idle' });
  }, [forgetPreview, releaseMicrophone]);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
      }
      releaseMicrophone();
      forgetPreview();
    };
  }, [forgetPreview, releaseMicrophone]);

  return { state, elapsedMs, start, stop, reset };
}
