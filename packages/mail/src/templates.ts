import type { MailMessage } from '@evident/core/ports/mailer';
import { formatDateTime, timeZoneGenericName } from '@evident/core/time-zone';
import { renderValidationMail } from './validation-mail';

export type RenderedMail = { to: string; subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The app's button colour (Mantine teal 9, the primary shade in apps/web/src/ui-kit/theme.ts): white on it is 5:1. */
export const BUTTON_COLOUR = '#087f5b';

/** A mail's list (a reminder's tasks, graded tasks with their links) and the paragraph after it. */
type ListItem = string | { label: string; url: string };
type ListBlock = { items: ListItem[]; after: string[] };

const listItemHtml = (item: ListItem) =>
  typeof item === 'string'
    ? escapeHtml(item)
    : `<a href="${escapeHtml(item.url)}" style="color:${BUTTON_COLOUR}">${escapeHtml(item.label)}</a>`;

export function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  list?: ListBlock,
  /** Small print after the button, ending in a link: how to stop a mail like this one. */
  postscript?: { text: string; link: { label: string; url: string } },
): string {
  // A comment typed over several lines keeps its line breaks.
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const items = list
    ? `<ul style="margin:0 0 16px;padding-left:20px">${list.items.map((item) => `<li>${listItemHtml(item)}</li>`).join('')}</ul>${list.after.map(paragraph).join('')}`
    : '';
  const body = paragraphs.map(paragraph).join('') + items;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${BUTTON_COLOUR};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : '';
  const small = postscript
    ? `<p style="color:#495057;font-size:14px">${escapeHtml(postscript.text)} ${listItemHtml(postscript.link)}.</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#212529;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}${small}<p style="color:#868e96;font-size:12px">Evident - workplace evidence for vocational training</p></body></html>`;
}

export function renderMail(message: MailMessage): RenderedMail {
  switch (message.kind) {
    case 'welcome': {
      const lines = [
        `Hi ${message.firstName},`,
        'Welcome to Evident. Your account is ready: pick your unit of competency, and start gathering workplace evidence against its tasks.',
      ];
      return {
        to: message.to,
        subject: 'Welcome to Evident',
        text: `${lines.join('\n\n')}\n\nSign in: ${message.appUrl}\n`,
        html: layout('Welcome to Evident', lines, { label: 'Open Evident', url: message.appUrl }),
      };
    }
    case 'password-reset': {
      const lines = [
        `Hi ${message.firstName},`,
        'Someone asked to reset the password of your Evident account. If it was you, choose a new password with the link below.',
        `The link works once and expires in ${message.expiresInMinutes} minutes. If you did not ask for this, you can ignore this email.`,
      ];
      return {
        to: message.to,
        subject: 'Reset your Evident password',
        text: `${lines.join('\n\n')}\n\nReset your password: ${message.resetUrl}\n`,
        html: layout('Reset your password', lines, { label: 'Reset Password', url: message.resetUrl }),
      };
    }
    case 'class-invitation': {
      const invited = message.invitedBy
        ? `${message.invitedBy} has invited you to ${message.className} on Evident`
        : `You have been invited to ${message.className} on Evident`;
      const lines = [
        `Hi ${message.firstName},`,
        `${invited}, where you gather workplace evidence for your training.`,
        'Open the link below to see your class, choose your password and go straight to your tasks.',
        `The link works once and expires in ${message.expiresInDays === 1 ? '1 day' : `${message.expiresInDays} days`}. If it has expired, open it anyway: it offers to email you a new one.`,
      ];
      const list: ListBlock | undefined =
        message.units.length > 0
          ? { items: message.units, after: ['Your tasks for these units are waiting for you.'] }
          : undefined;
      const units = message.units.map((unit) => `- ${unit}`).join('\n');
      return {
        to: message.to,
        subject: message.invitedBy
          ? `${message.invitedBy} invited you to ${message.className} on Evident`
          : `You are invited to ${message.className} on Evident`,
        text: `${lines.join('\n\n')}\n\n${units ? `${units}\n\n` : ''}Join ${message.className}: ${message.setPasswordUrl}\n`,
        html: layout(
          `Join ${message.className}`,
          lines,
          { label: 'Accept Invitation', url: message.setPasswordUrl },
          list,
        ),
      };
    }
    case 'outstanding-tasks':
      return renderOutstandingTasks(message);
    case 'work-graded':
      return renderWorkGraded(message);
    case 'assessor-waiting':
      return renderAssessorWaiting(message);
    case 'waiting-work-digest':
      return renderWaitingWorkDigest(message);
    case 'third-party-request':
      return renderThirdPartyRequest(message);
    case 'audit-pack-ready':
      return renderAuditPackReady(message);
    case 'validator-invitation':
    case 'validation-round':
      return renderValidationMail(message);
  }
}

/** The zip is kept, and its link signed afresh, on the screen: the mail carries no download link. */
function renderAuditPackReady(message: Extract<MailMessage, { kind: 'audit-pack-ready' }>): RenderedMail {
  const lines = [
    `Hi ${message.firstName},`,
    `The audit pack for ${message.unit} (${plural(message.studentCount, 'student')}) is ready to download from the Audit packs screen.`,
  ];
  return {
    to: message.to,
    subject: `Audit pack ready: ${message.unit}`,
    text: `${lines.join('\n\n')}\n\nOpen Audit packs: ${message.packsUrl}\n`,
    html: layout('Your audit pack is ready', lines, { label: 'Open Audit Packs', url: message.packsUrl }),
  };
}

/** A supervisor is asked for a report on a student's work: no account, one link, used once. */
function renderThirdPartyRequest(
  message: Extract<MailMessage, { kind: 'third-party-request' }>,
): RenderedMail {
  const days = message.expiresInDays === 1 ? '1 day' : `${message.expiresInDays} days`;
  const lines = [
    `Hi ${message.supervisorName},`,
    `${message.askedBy} has asked you, as ${message.studentName}'s supervisor at ${message.workplace}, for a short report on their work. Your report supports the assessment; the assessor still makes the decision and may call you to confirm it.`,
    'Please say, for each task below, whether you saw them do it, when, and anything worth noting:',
  ];
  const after = `The link needs no account. It works once, only for this report, and expires in ${days}. If you were not expecting this, you can ignore this email.`;
  return {
    to: message.to,
    subject: `Report on ${message.studentName}'s work requested`,
    text: `${lines.join('\n\n')}\n\n${message.tasks.map((task) => `- ${task}`).join('\n')}\n\n${after}\n\nWrite the report: ${message.reportUrl}\n`,
    html: layout(
      `A report on ${message.studentName}'s work`,
      lines,
      { label: 'Write the Report', url: message.reportUrl },
      { items: message.tasks, after: [after] },
    ),
  };
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * A reminder of what is left in a unit: the tasks still to complete, and (issue 29) the files sent
 * without the student's declaration that they are their own work, each asked for in the app.
 */
function renderOutstandingTasks(message: Extract<MailMessage, { kind: 'outstanding-tasks' }>): RenderedMail {
  const count = message.tasks.length;
  const undeclared = message.undeclared ?? [];
  const unit = `${message.unit.unitCode} ${message.unit.title}`;
  const lines = [`Hi ${message.firstName},`];
  if (count > 0) lines.push(`You have ${plural(count, 'task')} still to complete in ${unit}:`);
  else lines.push(`Your evidence in ${unit} needs your declaration:`);
  const list = message.tasks.map((task) => `${task.title} (${task.status})`);
  const files = undeclared.map((file) => `${file.fileName} (${file.taskTitle})`);
  const declare =
    undeclared.length === 0
      ? []
      : [
          `${undeclared.length === 1 ? 'This file was' : `These ${undeclared.length} files were`} sent without your declaration that the evidence is your own work. Open the task in Evident to read the declaration and confirm it:`,
        ];
  const after = 'Sign in to add your evidence. Your assessor will review it as soon as it arrives.';
  const items = count > 0 ? list : files;
  const afterList =
    count > 0 ? [...declare, ...(files.length > 0 ? [files.join('\n')] : []), after] : [after];
  const textBlocks = [
    ...lines,
    ...(count > 0 ? [list.map((item) => `- ${item}`).join('\n'), ...declare] : declare),
    ...(files.length > 0 ? [files.map((item) => `- ${item}`).join('\n')] : []),
    after,
  ];
  return {
    to: message.to,
    subject:
      count > 0
        ? `Outstanding tasks in ${message.unit.unitCode}`
        : `Declaration needed in ${message.unit.unitCode}`,
    text: `${textBlocks.join('\n\n')}\n\nOpen Evident: ${message.appUrl}\n`,
    html: layout(
      count > 0 ? 'Outstanding tasks' : 'Declaration needed',
      count > 0 ? lines : [...lines, ...declare],
      { label: 'Open Evident', url: message.appUrl },
      { items, after: afterList },
    ),
  };
}

/** To an admin: who waits, how they came, and what approving them lets them do. */
function renderAssessorWaiting(message: Extract<MailMessage, { kind: 'assessor-waiting' }>): RenderedMail {
  const { assessor } = message;
  const who = assessor.email ? `${assessor.name} (${assessor.email})` : assessor.name;
  const lines = [
    `Hi ${message.firstName},`,
    message.via === 'lms'
      ? `${who} opened Evident as a teacher from your learning management system${message.course ? ` (${message.course})` : ''} and is waiting for your approval as an assessor.`
      : `${who} has signed up to Evident as an assessor and is waiting for your approval.`,
    "Until an administrator approves them, they cannot see or grade any student's evidence. If you know them, approve them in Users Management; if you do not, you can deactivate the account there.",
  ];
  return {
    to: message.to,
    subject: `${assessor.name} is waiting for approval as an assessor`,
    text: `${lines.join('\n\n')}\n\nOpen Users Management: ${message.usersUrl}\n`,
    html: layout('An assessor is waiting for approval', lines, {
      label: 'Open Users Management',
      url: message.usersUrl,
    }),
  };
}

/** An assessor's morning digest: how much waits, in which units, and the longest wait. */
function renderWaitingWorkDigest(
  message: Extract<MailMessage, { kind: 'waiting-work-digest' }>,
): RenderedMail {
  const units = message.units.length;
  const lines = [
    `Hi ${message.firstName},`,
    `${plural(message.total, 'submission')} ${message.total === 1 ? 'is' : 'are'} waiting for your decision${units > 1 ? `, in ${units} units` : ''}:`,
  ];
  const items = message.units.map(
    (unit) => `${unit.unitCode} ${unit.title}: ${unit.count}, waiting since ${unit.oldestSince}`,
  );
  const { oldest } = message;
  const after = [
    `The longest waiting is ${oldest.studentName}’s “${oldest.taskTitle}” (${oldest.unitCode}), sent ${oldest.since}.`,
  ];
  const optOut = 'You get this summary on mornings when evidence waits for you. To stop it, turn it off on';
  return {
    to: message.to,
    subject: `${plural(message.total, 'submission')} waiting for your decision`,
    text: `${lines.join('\n\n')}\n\n${items.map((item) => `- ${item}`).join('\n')}\n\n${after.join('\n\n')}\n\nOpen Grading: ${message.gradingUrl}\n\n${optOut} your account page: ${message.accountUrl}\n`,
    html: layout(
      'Evidence waiting for you',
      lines,
      { label: 'Open Grading', url: message.gradingUrl },
      { items, after },
      { text: optOut, link: { label: 'your account page', url: message.accountUrl } },
    ),
  };
}

const outcomeLabels = { satisfactory: 'Satisfactory', not_yet_satisfactory: 'Not Yet Satisfactory' } as const;

/** One mail per grading request and student: what was decided, why, and where the task is. */
function renderWorkGraded(message: Extract<MailMessage, { kind: 'work-graded' }>): RenderedMail {
  const outcome = outcomeLabels[message.outcome];
  const [only] = message.tasks.length === 1 ? message.tasks : [];
  const what = only ? `“${only.title}” (${only.unitCode})` : `${message.tasks.length} tasks`;
  // When, in the organisation's zone, named: a student reading it elsewhere still knows the day.
  const { decided } = message;
  const graded = decided
    ? `graded your evidence for ${what} on ${formatDateTime(decided.at, decided.timeZone)} (${timeZoneGenericName(decided.timeZone)})`
    : `has graded your evidence for ${what}`;
  const lines = [`Hi ${message.firstName},`, `Your assessor ${graded}: ${outcome}.`];
  const notes = [
    ...(message.comment ? [`Assessor's comment:\n${message.comment}`] : []),
    ...(message.strategies ? [`Strategies for reassessment:\n${message.strategies}`] : []),
    message.outcome === 'not_yet_satisfactory'
      ? 'Add new evidence to the task and it goes back to your assessor.'
      : 'Well done.',
  ];
  const subject = `${outcome}: ${only ? only.title : `${message.tasks.length} tasks`}`;
  const title = `Your work was graded: ${outcome}`;
  if (only) {
    return {
      to: message.to,
      subject,
      text: `${[...lines, ...notes].join('\n\n')}\n\nOpen the task: ${only.url}\n`,
      html: layout(title, [...lines, ...notes], { label: 'Open Task', url: only.url }),
    };
  }
  const list = message.tasks.map((task) => ({ label: `${task.title} (${task.unitCode})`, url: task.url }));
  return {
    to: message.to,
    subject,
    text: `${lines.join('\n\n')}\n\n${list.map((item) => `- ${item.label}: ${item.url}`).join('\n')}\n\n${notes.join('\n\n')}\n`,
    html: layout(title, lines, undefined, { items: list, after: notes }),
  };
}
