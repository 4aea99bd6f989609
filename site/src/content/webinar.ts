/**
 * The webinar /register signs visitors up for: one place for its title, time and speaker, read by
 * the page, its confirmation and the .ics calendar file (site/src/calendar.ts). Change the webinar
 * here; the mailing-list identifier names the list the registrations go to.
 */
export const WEBINAR = {
  mailingListType: 'WEBINAR',
  mailingListIdentifier: 'CENSUS-INTAKE-2026',
  title: 'From messy census to quote-ready in minutes',
  /** The start, as an instant (UTC). */
  startsAt: '2026-12-10T17:00:00Z',
  durationMinutes: 45,
  /** The time zone the page states the time in (IANA name) and its label. */
  timeZone: 'America/New_York',
  timeZoneLabel: 'Eastern Time',
  speaker: { name: 'Sofia Rossi', role: 'Product Manager, Census Parser' },
  /** Where the session happens; the joining link is mailed to each registrant. */
  location: 'Online (the joining link is mailed to you)',
} as const;

/** 'Thursday, December 10, 2026' and '12:00 PM – 12:45 PM Eastern Time' (en-US, in the webinar's time zone). */
export function webinarWhen(): { date: string; time: string } {
  const start = new Date(WEBINAR.startsAt);
  const end = new Date(start.getTime() + WEBINAR.durationMinutes * 60_000);
  const date = new Intl.DateTimeFormat('en-US', { timeZone: WEBINAR.timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(start);
  const hm = new Intl.DateTimeFormat('en-US', { timeZone: WEBINAR.timeZone, hour: 'numeric', minute: '2-digit' });
  return { date, time: `${hm.format(start)} – ${hm.format(end)} ${WEBINAR.timeZoneLabel}` };
}
