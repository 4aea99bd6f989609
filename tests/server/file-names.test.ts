/** cleanFileName: what a stored census file name keeps (server/cases/intake.ts), for uploads and mail alike. */
import { describe, expect, it } from 'vitest';
import { cleanFileName, FILE_NAME_MAX } from '../../server/cases/intake';
import { mailSafeReason } from '../../server/mail/templates/census';

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

describe('mailSafeReason', () => {
  it('replaces the case file names and quoted names, and keeps the engine wording', () => {
    expect(mailSafeReason('Call 555-0100.csv: No census table was found in this file.', ['Call 555-0100.csv'])).toBe(
      'The file: No census table was found in this file.',
    );
    expect(mailSafeReason('b.xlsx: This file is not a valid XLSX workbook: the part "visit evil.example" is cut short.', ['a.csv', 'b.xlsx'])).toBe(
      'File 2: This file is not a valid XLSX workbook: the part "…" is cut short.',
    );
    expect(mailSafeReason("It doesn't open.", [])).toBe("It doesn't open.");
  });
});
