/** The webinar's .ics file (site/src/calendar.ts) and its date line (content/webinar.ts). */
import { describe, expect, it } from 'vitest';
import { icsFile } from '../../site/src/calendar';
import { WEBINAR, webinarWhen } from '../../site/src/content/webinar';

describe('icsFile', () => {
  const event = {
    uid: 'x@benefold.example',
    title: 'Census, intake; and more',
    description: 'Line one\nline two',
    location: 'Online',
    start: new Date('2026-12-10T17:00:00Z'),
    end: new Date('2026-12-10T17:45:00Z'),
  };

  it('writes one VEVENT with UTC times, escaped text and CRLF line ends', () => {
    const ics = icsFile(event, new Date('2026-11-01T08:30:00Z'));
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('DTSTART:20261210T170000Z');
    expect(lines).toContain('DTEND:20261210T174500Z');
    expect(lines).toContain('DTSTAMP:20261101T083000Z');
    expect(lines).toContain('SUMMARY:Census\\, intake\\; and more');
    expect(lines).toContain('DESCRIPTION:Line one\\nline two');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
  });

  it('folds lines longer than 75 octets with a leading space', () => {
    const ics = icsFile({ ...event, description: 'a'.repeat(200) });
    for (const line of ics.split('\r\n')) expect(line.length).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, '')).toContain(`DESCRIPTION:${'a'.repeat(200)}`);
  });
});

describe('the webinar', () => {
  it("states its date and time in its own time zone, with the zone's name", () => {
    const when = webinarWhen();
    expect(when.date).toBe('Thursday, December 10, 2026');
    expect(when.time).toBe(`12:00 PM – 12:45 PM ${WEBINAR.timeZoneLabel}`);
  });
});
