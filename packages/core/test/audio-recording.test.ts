import { describe, expect, it } from 'vitest';
import {
  formatElapsed,
  pickRecordingType,
  recordingFileName,
  recordingTypeCandidates,
} from '../src/audio-recording';
import { kindOfMimeType } from '../src/evidence-types';

describe('audio recording', () => {
  it('records only types the server accepts as audio evidence', () => {
    for (const type of recordingTypeCandidates) expect(kindOfMimeType(type)).toBe('audio');
  });

  it('prefers WebM/Opus, falls back to what the browser supports, or leaves it to the browser', () => {
    expect(pickRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((type) => type.startsWith('audio/mp4'))).toBe('audio/mp4;codecs=mp4a.40.2');
    expect(pickRecordingType(() => false)).toBeUndefined();
    expect(
      pickRecordingType(() => {
        throw new Error('not implemented');
      }),
    ).toBeUndefined();
  });

  it('names a recording by its time with an extension that matches its type', () => {
    const at = new Date(2025, 2, 4, 14, 5, 9);
    expect(recordingFileName(at, 'audio/webm;codecs=opus')).toBe('Audio recording 2025-03-04 14-05.webm');
    expect(recordingFileName(at, 'audio/mp4')).toBe('Audio recording 2025-03-04 14-05.m4a');
    expect(recordingFileName(at, '')).toBe('Audio recording 2025-03-04 14-05.webm');
  });

  it('shows elapsed time as m:ss, with hours once past an hour', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
    expect(formatElapsed(-5)).toBe('0:00');
  });
});
