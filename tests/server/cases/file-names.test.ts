/** cleanFileName: what a stored census file name keeps (server/cases/incoming-file.ts), for uploads and mail alike. */
import { describe, expect, it } from 'vitest';
import { cleanFileName, FILE_NAME_MAX } from '../../../server/cases/incoming-file';
import { MAIL_REASONS, mailReason } from '../../../server/mail/templates/census';
import { JOB_TEXT } from '../../../server/jobs/job-text';

describe('cleanFileName', () => {
  it('strips NUL, control characters, bidi overrides and invisible spaces; keeps letters and joiners', () => {
    expect(cleanFileName('pay\u0000roll\u001b[31m.csv')).toBe('payroll[31m.csv');
    expect(cleanFileName('census\u202Evsc.exe')).toBe('censusvsc.exe');
    expect(cleanFileName('\u2066Renée\u2069 \u200bZürich\ufeff.xlsx')).toBe('Renée Zürich.xlsx');
    expect(cleanFileName('می\u200cخواهم.csv')).toBe('می\u200cخواهم.csv'); // ZWNJ is part of the spelling
    expect(cleanFileName('line\r\nbreak\u0085.csv')).toBe('linebreak.csv');
  });

  it('keeps the last path segment, trims, and cuts the stem at 255 characters without splitting a pair', () => {
    expect(cleanFileName('C:\\Users\\ann\\census.csv')).toBe('census.csv');
    expect(cleanFileName('../../etc/passwd.csv')).toBe('passwd.csv');
    expect(cleanFileName('  census.csv  ')).toBe('census.csv');
    const long = `${'a'.repeat(FILE_NAME_MAX - 5)}😀 and more.csv`;
    expect(cleanFileName(long)).toBe(`${'a'.repeat(FILE_NAME_MAX - 5)}.csv`);
    expect(cleanFileName(`${'b'.repeat(400)}.xlsx`)).toBe(`${'b'.repeat(FILE_NAME_MAX - 5)}.xlsx`);
    expect(cleanFileName('x\ud800.csv')).toBe('x\ufffd.csv');
  });
});

describe('mailReason', () => {
  it('tells a failure in fixed words and counts, never in the words of the failure message', () => {
    const hostile = [
      `Call 555-0100.csv: No census table was found in this file.`,
      `b.xlsx: This file is not a valid XLSX workbook: the part "URGENT: payroll leak, call 555-0100" is cut short.`,
      // A name holding a quote mark broke the old filter: the rest of the name went into the mail.
      `The sheet 'Bob's "URGENT: payroll leak, call 555-0100' has no header row.`,
      `The case has no column 'x" URGENT: payroll leak, call 555-0100 "y' on the sheets named.`,
    ];
    for (const message of hostile) {
      const reason = mailReason({ message, code: null }, 2);
      expect(reason).toBe(MAIL_REASONS.unreadable(2));
      expect(reason).not.toMatch(/URGENT|555|Call|xlsx|csv/);
    }
    expect(mailReason({ message: 'x', code: null }, 1)).toBe('We could not read a census in the file. The report page says what was wrong.');
    expect(mailReason({ message: 'Encrypted.', code: 'password-required' }, 1)).toBe(MAIL_REASONS.passwordRequired);
    expect(mailReason({ message: 'Wrong.', code: 'password-incorrect' }, 1)).toBe(MAIL_REASONS.passwordIncorrect);
    expect(mailReason({ message: JOB_TEXT.timeLimit(60_000), code: null }, 1)).toBe(MAIL_REASONS.timeLimit);
    expect(mailReason({ message: JOB_TEXT.interrupted, code: null }, 1)).toBe(MAIL_REASONS.interrupted);
  });
});
