import { describe, expect, it } from 'vitest';
import { downloadFileName } from '../src/download-name';
import { allowedEvidenceMimeTypes } from '../src/evidence-types';

describe('the name a checked evidence file is downloaded under', () => {
  it('adds the checked type extension to a JPEG uploaded as evidence.html', () => {
    expect(downloadFileName('evidence.html', 'image/jpeg')).toBe('evidence.html.jpg');
  });

  it('keeps a name whose extension already fits, in any case', () => {
    expect(downloadFileName('Site photo.JPEG', 'image/jpeg')).toBe('Site photo.JPEG');
    expect(downloadFileName('report.pdf', 'application/pdf')).toBe('report.pdf');
    expect(downloadFileName('clip.MOV', 'video/quicktime')).toBe('clip.MOV');
    expect(downloadFileName('voice.m4a', 'audio/mp4; codecs=mp4a')).toBe('voice.m4a');
  });

  it('adds an extension to a name without one, and names a blank name', () => {
    expect(downloadFileName('voice memo', 'audio/webm')).toBe('voice memo.webm');
    expect(downloadFileName('   ', 'application/pdf')).toBe('evidence.pdf');
  });

  it('never lets a name end in an extension outside its type', () => {
    for (const type of allowedEvidenceMimeTypes) {
      for (const name of ['x.html', 'x.svg', 'x.exe', 'x.js', 'x']) {
        expect(downloadFileName(name, type)).not.toMatch(/\.(html|svg|exe|js)$|^x$/);
      }
    }
  });
});
