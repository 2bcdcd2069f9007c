import { describe, expect, it } from 'vitest';
import { fileNameOf } from './tab-session-download';

describe('the name a report saved in a tab session gets', () => {
  it('is the UTF-8 name the server gave, or its plain fallback', () => {
    expect(fileNameOf(`attachment; filename="Matrix_Zoe.csv"; filename*=UTF-8''Matrix%20Zo%C3%AB.csv`)).toBe(
      'Matrix Zoë.csv',
    );
    expect(fileNameOf('attachment; filename="assessment-record-BSB-Ann-Lee.pdf"')).toBe(
      'assessment-record-BSB-Ann-Lee.pdf',
    );
    expect(fileNameOf('attachment; filename="fallback.csv"; filename*=UTF-8\'\'%E0%A4%A')).toBe(
      'fallback.csv',
    );
    expect(fileNameOf(null)).toBeNull();
  });
});
