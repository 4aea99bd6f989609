/**
 * Census mail: the report is ready (to whoever asked to be notified, or the sender of an e-mailed
 * census), it could not be processed, and a help request to the team. Plain text plus a simple HTML
 * part; every value goes through esc(). No visitor-written text appears in a body except the
 * requester's own address in a help request to our team (which is validated first): these mails go
 * to addresses nobody has verified (a notify address typed into a form, the envelope sender of an
 * e-mailed census), so a failure is told in fixed words (mailReason), never in the failure's own text.
 */
import { BRAND } from '../../../shared/brand';
import type { MailMessage } from '../mailer';
import { esc } from './html';

export const CENSUS_REPORT_PATH = '/tools/census';

export function reportLink(publicUrl: string, caseId: string): string {
  return `${publicUrl}${CENSUS_REPORT_PATH}/${encodeURIComponent(caseId)}`;
}

function html(title: string, paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;">${esc(p)}</p>`).join('\n');
  const button = link
    ? `<p style="margin:0 0 16px;"><a href="${esc(link.href)}" style="color:#1d4ed8;font-weight:bold;">${esc(link.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:24px;color:#0f172a;">
<p style="margin:0 0 16px;font-weight:bold;">${esc(BRAND.name)}</p>
${body}
${button}
<p style="margin:0;color:#475569;">The ${esc(BRAND.name)} team</p>
</body></html>`;
}

export function censusReadyMail(to: string, publicUrl: string, caseId: string, retentionDays: number): MailMessage {
  const link = reportLink(publicUrl, caseId);
  const subject = `Your ${BRAND.name} census report is ready`;
  const lines = [
    'Hello,',
    'Your census has been processed. Open the report to see the lives, age bands, salary bands and locations, and to export the clean member list:',
  ];
  const keep = `The report and its files are kept for ${retentionDays} days, then deleted.`;
  return {
    to: { name: '', address: to },
    subject,
    text: [...lines, '', link, '', keep, '', `The ${BRAND.name} team`].join('\n'),
    html: html(subject, [...lines, keep], { href: link, label: 'Open the census report' }),
  };
}

/**
 * A failure reason fit for a mail to an unverified address: fixed words chosen by the kind of
 * failure, and counts - never a word of the failure message, which quotes the file (its names,
 * sheets, ZIP parts, headers). Filtering the message used to break on a name holding a quote mark,
 * so attacker text reached replies. The report page (the link) keeps the full reason.
 */
export const MAIL_REASONS = {
  passwordRequired: 'The file is protected by a password. Upload it again in the web tool with its password.',
  passwordIncorrect: 'The password given for the file was not correct.',
  timeLimit: 'Processing it took longer than the time allowed. Split it into smaller files or save it as CSV, and send it again.',
  interrupted: 'Processing it was interrupted several times. Please send it again.',
  unreadable: (files: number) =>
    `We could not read a census in ${files === 1 ? 'the file' : `the ${files} files`}. The report page says what was wrong.`,
} as const;

export function mailReason(failure: { message: string | null; code: string | null }, fileCount: number): string {
  if (failure.code === 'password-required') return MAIL_REASONS.passwordRequired;
  if (failure.code === 'password-incorrect') return MAIL_REASONS.passwordIncorrect;
  // Our own job texts (jobs/job-text.ts JOB_TEXT), recognised by their opening words only.
  const m = failure.message ?? '';
  if (m.startsWith('Processing this census took longer than')) return MAIL_REASONS.timeLimit;
  if (m.startsWith('Processing this census was interrupted')) return MAIL_REASONS.interrupted;
  return MAIL_REASONS.unreadable(Math.max(1, fileCount));
}

/** The reason is one of MAIL_REASONS (mailReason): fixed words only. */
export function censusFailedMail(to: string, reason: string, publicUrl: string, caseId: string): MailMessage {
  const subject = `We could not process your census`;
  const link = reportLink(publicUrl, caseId);
  const lines = [
    'Hello,',
    'We could not process the census file you sent us:',
    reason,
    `Fix the file and send it again, or reply to ${BRAND.emails.censusIntake} and we will help.`,
  ];
  return {
    to: { name: '', address: to },
    subject,
    text: [...lines, '', link, '', `The ${BRAND.name} team`].join('\n'),
    html: html(subject, lines, { href: link, label: 'Open the report page' }),
  };
}

/** A help request for the team at `teamAddress` (never the census intake: it reads mail as uploads). */
export function censusHelpMail(requester: string, publicUrl: string, caseId: string, status: string, teamAddress: string): MailMessage {
  const link = reportLink(publicUrl, caseId);
  const subject = `Census help request for case ${caseId}`;
  const lines = [
    `${requester} asked for help with a census (status: ${status}).`,
    `Case: ${link}`,
    'Reply to this mail to answer them.',
  ];
  return {
    to: { name: `${BRAND.name} census help`, address: teamAddress },
    replyTo: requester,
    subject,
    text: lines.join('\n'),
    html: html(subject, lines, { href: link, label: 'Open the case' }),
  };
}

/** Some census files of an e-mail were taken, others not: which ones (by position, never by name). */
export function intakePartialMail(to: string, taken: number, sent: number, refused: string[]): MailMessage {
  const subject = 'We took part of your census';
  const lines = [
    'Hello,',
    `We took ${taken} of the ${sent} census files you sent; the others could not be used: ${refused.join('; ')}.`,
    `The files we took are being processed, and we will send the report link when it is ready. Fix the others and send them to ${BRAND.emails.censusIntake} in a new message.`,
  ];
  return {
    to: { name: '', address: to },
    subject,
    text: [...lines, '', `The ${BRAND.name} team`].join('\n'),
    html: html(subject, lines),
  };
}

/** The answer to an e-mail we cannot take as a census (no attachment, too big, wrong type). */
export function intakeRefusedMail(to: string, reason: string): MailMessage {
  const subject = 'We could not take your census';
  const lines = [
    'Hello,',
    reason,
    `Attach the census as an .xlsx, .xls or .csv file (at most 5 MB each) and send it to ${BRAND.emails.censusIntake} again.`,
  ];
  return {
    to: { name: '', address: to },
    subject,
    text: [...lines, '', `The ${BRAND.name} team`].join('\n'),
    html: html(subject, lines),
  };
}
