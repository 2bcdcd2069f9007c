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

describe('what a typed name may not carry into a download', () => {
  it('turns path separators into underscores and drops leading dots', () => {
    expect(downloadFileName('../../etc/passwd.jpg', 'image/jpeg')).toBe('_.._etc_passwd.jpg');
    expect(downloadFileName('..\\..\\Windows\\win.ini.pdf', 'application/pdf')).toBe(
      '_.._Windows_win.ini.pdf',
    );
    expect(downloadFileName('.hidden.png', 'image/png')).toBe('hidden.png');
  });

  it('drops bidi controls, so a name cannot read backwards to fake its extension', () => {
    expect(downloadFileName('\u202egpj.exe', 'image/jpeg')).toBe('gpj.exe.jpg');
    const bidi = [
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    for (const mark of bidi) expect(downloadFileName(`a${mark}b.pdf`, 'application/pdf')).toBe('ab.pdf');
  });

  it('drops control characters NUL to US, DEL and the C1 range, and zero-width characters', () => {
    const controls = [
      ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
      '\x7f',
      '\x85',
      '\x9f',
    ];
    for (const c of [...controls, '\u200b', '\ufeff', '\u2028', '\u2029']) {
      expect(downloadFileName(`re${c}port.pdf`, 'application/pdf')).toBe('report.pdf');
    }
  });

  it('names a file that was nothing but what is dropped, and keeps ordinary letters of any script', () => {
    expect(downloadFileName('\u202e/../\u200f', 'image/png')).toBe('_.._.png');
    expect(downloadFileName('\u202e\u200f', 'image/png')).toBe('evidence.png');
    expect(downloadFileName('Médaille – week 1.pdf', 'application/pdf')).toBe('Médaille – week 1.pdf');
    expect(downloadFileName('שלום.pdf', 'application/pdf')).toBe('שלום.pdf');
  });
});
