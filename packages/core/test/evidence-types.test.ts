import { describe, expect, it } from 'vitest';
import {
  allowedEvidenceMimeTypes,
  defaultEvidenceMaxBytes,
  kindOfMimeType,
  maxEvidenceBytes,
} from '../src/evidence-types';

const MB = 1024 * 1024;

describe('evidence MIME types', () => {
  it('sorts allowed types into kinds, ignoring case and parameters', () => {
    expect(kindOfMimeType('image/heic')).toBe('image');
    expect(kindOfMimeType('Audio/WebM; codecs=opus')).toBe('audio');
    expect(kindOfMimeType('video/quicktime')).toBe('video');
    expect(kindOfMimeType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'document',
    );
    expect(allowedEvidenceMimeTypes).toHaveLength(19);
  });

  it('refuses types that are not evidence', () => {
    for (const mime of ['text/html', 'image/svg+xml', 'application/zip', 'application/octet-stream', '']) {
      expect(kindOfMimeType(mime)).toBeNull();
      expect(maxEvidenceBytes(mime)).toBeNull();
    }
  });

  it('limits size per kind, with server overrides', () => {
    expect(defaultEvidenceMaxBytes).toEqual({
      image: 25 * MB,
      audio: 100 * MB,
      video: 1024 * MB,
      document: 50 * MB,
    });
    expect(maxEvidenceBytes('image/png')).toBe(25 * MB);
    expect(maxEvidenceBytes('video/mp4', { video: 2048 * MB })).toBe(2048 * MB);
    expect(maxEvidenceBytes('audio/ogg', { video: 1 })).toBe(100 * MB);
  });
});
