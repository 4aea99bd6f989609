/**
 * The mail that carries the case-study link: a plain-text part and an HTML part (table layout and
 * inline styles, which is what mail clients render reliably).
 */
import { BRAND } from '../../../shared/brand';
import { CLAIMS } from '../../../shared/constants';
import { stripControl } from '../../../shared/validation/schemas';
import { CASE_STUDY } from '../../case-study/content';
import { COLORS } from '../../case-study/style';
import type { MailMessage } from '../mailer';
import { esc } from './html';

export interface CaseStudyMailInput {
  firstName: string;
  lastName: string;
  email: string;
  /** The personal viewer link (PUBLIC_URL/case-study/download?token=...). */
  link: string;
  publicUrl: string;
  /** How long the link works, in days. */
  validDays: number;
}

/** Longest name we put in a mail. */
export const MAIL_NAME_MAX = 40;

/**
 * A visitor's name as it may appear in a mail: letters (any script), spaces, hyphens, apostrophes
 * and periods only, at most MAIL_NAME_MAX characters. Anything else - a URL, an address, markup,
 * a sentence - gives '' and the mail says "Hi there," instead: the form cannot be used to send
 * attacker-written text to someone else's inbox.
 */
export function plainName(raw: string): string {
  const text = stripControl(raw).normalize('NFC').replace(/\s+/g, ' ').trim();
  if (text.length === 0 || text.length > MAIL_NAME_MAX) return '';
  return /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u.test(text) ? text : '';
}

export function caseStudyMail(input: CaseStudyMailInput): MailMessage {
  const firstName = plainName(input.firstName);
  const last = plainName(input.lastName);
  const fullName = firstName && last ? `${firstName} ${last}` : '';
  const subject = `Your ${BRAND.name} case study: ${CASE_STUDY.title}`;
  const { weeks, before, after, shareOfCases } = CLAIMS.eoi;
  const inside = [
    `where the carrier started, with evidence-of-insurability decisions taking ${before}`,
    `the ${weeks}-week programme, week by week`,
    `the results, with ${shareOfCases} of decisions made ${after}`,
  ];

  const text = [
    `Hi ${firstName || 'there'},`,
    '',
    `Thank you for your interest in ${BRAND.name}. Your copy of our case study is ready:`,
    '',
    `${CASE_STUDY.title}: ${CASE_STUDY.subtitle}.`,
    '',
    `Open the case study: ${input.link}`,
    `(The link is yours and works for ${input.validDays} days.)`,
    '',
    'Inside:',
    ...inside.map((line) => `- ${line}`),
    '',
    `Want to see what this would look like for your business? Book a demo: ${BRAND.links.bookDemo}`,
    '',
    `The ${BRAND.name} team`,
    `${BRAND.tagline} - ${input.publicUrl}`,
    '',
    `You are receiving this because this address was entered in the case-study form at ${input.publicUrl}. If that was not you, you can ignore this message; nothing else will be sent.`,
  ].join('\n');

  const c = COLORS;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${esc(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${c.paperTint};">
<div style="display:none;max-height:0;overflow:hidden;">${esc(CASE_STUDY.summary)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${c.paperTint};">
<tr><td align="center" style="padding:32px 16px;">
  <table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:${c.white};border-radius:12px;overflow:hidden;font-family:Helvetica,Arial,sans-serif;color:${c.ink};">
    <tr><td style="background:${c.navy};padding:24px 32px;">
      <span style="font-size:22px;font-weight:bold;color:${c.light};letter-spacing:0.2px;">${esc(BRAND.name)}</span>
      <span style="font-size:13px;color:${c.muted};padding-left:8px;">${esc(BRAND.tagline)}</span>
    </td></tr>
    <tr><td style="background:${c.navy};padding:8px 32px 32px;">
      <div style="font-size:12px;font-weight:bold;letter-spacing:2px;color:${c.primary};">${esc(CASE_STUDY.label)}</div>
      <div style="font-size:28px;line-height:34px;font-weight:bold;color:${c.white};padding-top:8px;">${esc(CASE_STUDY.title)}</div>
      <div style="font-size:16px;line-height:24px;color:${c.muted};padding-top:8px;">${esc(CASE_STUDY.subtitle)}</div>
    </td></tr>
    <tr><td style="padding:32px;font-size:16px;line-height:25px;">
      <p style="margin:0 0 16px;">Hi ${esc(firstName || 'there')},</p>
      <p style="margin:0 0 24px;">Thank you for your interest in ${esc(BRAND.name)}. Your copy of our case study is ready.</p>
      <table role="presentation" cellpadding="0" cellspacing="0"><tr>
        <td style="border-radius:8px;background:${c.primaryInk};">
          <a href="${esc(input.link)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:bold;color:${c.white};text-decoration:none;">Open the case study</a>
        </td>
      </tr></table>
      <p style="margin:16px 0 24px;font-size:13px;line-height:20px;color:${c.inkMuted};">The link is yours and works for ${input.validDays} days. If the button does not work, paste this address into your browser:<br><a href="${esc(input.link)}" style="color:${c.primaryInk};word-break:break-all;">${esc(input.link)}</a></p>
      <p style="margin:0 0 8px;font-weight:bold;">Inside</p>
      <ul style="margin:0 0 24px;padding-left:20px;">
        ${inside.map((line) => `<li style="margin:0 0 6px;">${esc(line[0].toUpperCase() + line.slice(1))}</li>`).join('\n        ')}
      </ul>
      <p style="margin:0;">Want to see what this would look like for your business? <a href="${esc(BRAND.links.bookDemo)}" style="color:${c.primaryInk};font-weight:bold;">Book a demo</a>.</p>
      <p style="margin:24px 0 0;">The ${esc(BRAND.name)} team</p>
    </td></tr>
    <tr><td style="padding:20px 32px;background:${c.paperTint};font-size:12px;line-height:18px;color:${c.inkMuted};">
      This message was sent to ${esc(fullName || input.email)} because this address was entered in the case-study form at <a href="${esc(input.publicUrl)}" style="color:${c.inkMuted};">${esc(input.publicUrl.replace(/^https?:\/\//, ''))}</a>. If that was not you, you can ignore it; nothing else will be sent.
    </td></tr>
  </table>
</td></tr>
</table>
</body>
</html>
`;

  return { to: { name: fullName, address: input.email }, subject, text, html };
}
