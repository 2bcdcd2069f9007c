import type { MailMessage } from '@evident/core/ports/mailer';
import { layout, type RenderedMail } from './templates';

type ValidationMail = Extract<MailMessage, { kind: 'validator-invitation' | 'validation-round' }>;

/** Validation's mails (issue 30 §2): a validator's account, and each round they are named in. */
export function renderValidationMail(message: ValidationMail): RenderedMail {
  if (message.kind === 'validator-invitation') {
    const days = message.expiresInDays === 1 ? '1 day' : `${message.expiresInDays} days`;
    const by = message.invitedBy ? `${message.invitedBy} has` : 'Your training organisation has';
    const lines = [
      `Hi ${message.firstName},`,
      `${by} made you a validator on Evident, where you review samples of completed assessments and the tools used to assess them.`,
      'Choose your password with the link below. When a validation round names you, we email you its link.',
      `The link works once and expires in ${days}. If it has expired, use Forgot password on the sign-in screen.`,
    ];
    return {
      to: message.to,
      subject: 'You are a validator on Evident',
      text: `${lines.join('\n\n')}\n\nChoose your password: ${message.setPasswordUrl}\n`,
      html: layout('You are a validator on Evident', lines, {
        label: 'Choose Password',
        url: message.setPasswordUrl,
      }),
    };
  }
  const sample = message.sampleSize === 1 ? '1 student' : `${message.sampleSize} students`;
  const lines = [
    `Hi ${message.firstName},`,
    `You are a validator in a new validation round for ${message.unit}. Its sample is the assessment records of ${sample}.`,
    'Open the round to review each record you did not judge (do you agree with the judgement, and why) and the assessment tool (your findings and recommended changes).',
  ];
  return {
    to: message.to,
    subject: `Validation round: ${message.unit}`,
    text: `${lines.join('\n\n')}\n\nOpen the round: ${message.roundUrl}\n`,
    html: layout(`Validation round: ${message.unit}`, lines, {
      label: 'Open the Round',
      url: message.roundUrl,
    }),
  };
}
