import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../src/content-disposition';

describe('the Content-Disposition a file is served with', () => {
  it('offers neither path separators nor bidi controls in either form of the name', () => {
    expect(contentDisposition('attachment', '../../etc/passwd.jpg', 'image/jpeg')).toBe(
      `attachment; filename="_.._etc_passwd.jpg"; filename*=UTF-8''_.._etc_passwd.jpg`,
    );
    expect(contentDisposition('inline', '\u202egpj.exe', 'image/jpeg')).toBe(
      `inline; filename="gpj.exe.jpg"; filename*=UTF-8''gpj.exe.jpg`,
    );
  });

  it('keeps accented names in the UTF-8 form and an ASCII stand-in in the quoted one', () => {
    expect(contentDisposition('inline', 'Médaille.pdf', 'application/pdf')).toBe(
      `inline; filename="M_daille.pdf"; filename*=UTF-8''M%C3%A9daille.pdf`,
    );
  });
});
