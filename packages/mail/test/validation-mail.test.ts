import { describe, expect, it } from 'vitest';
import { renderMail } from '../src/templates';

// Issue 30 §2: a validator's account, and each round they are named in. Names and unit titles are
// typed by people, so they reach the HTML inert.
describe('validation mail', () => {
  it('names the unit, the sample size and the link to the round', () => {
    const mail = renderMail({
      kind: 'validation-round',
      to: 'vera@validators.example',
      firstName: 'Vera',
      unit: 'HLTINF006 Apply basic principles <b>and</b> practices',
      sampleSize: 3,
      roundUrl: 'https://evident.example/validation/7d0c',
    });
    expect(mail.subject).toBe('Validation round: HLTINF006 Apply basic principles <b>and</b> practices');
    expect(mail.text).toContain('the assessment records of 3 students');
    expect(mail.text).toContain('Open the round: https://evident.example/validation/7d0c');
    expect(mail.html).toContain('&lt;b&gt;and&lt;/b&gt;');
    expect(mail.html).toContain('href="https://evident.example/validation/7d0c"');
  });

  it("carries a validator's set-password link and who added them", () => {
    const mail = renderMail({
      kind: 'validator-invitation',
      to: 'vera@validators.example',
      firstName: 'Vera',
      invitedBy: 'Ada Admin',
      setPasswordUrl: 'https://evident.example/reset-password?token=abc',
      expiresInDays: 14,
    });
    expect(mail.text).toContain('Ada Admin has made you a validator on Evident');
    expect(mail.text).toContain('expires in 14 days');
    expect(mail.text).toContain('Choose your password: https://evident.example/reset-password?token=abc');
  });
});
