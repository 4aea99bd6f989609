/** excel-dates.ts alone, and real date cells in generated 1900- and 1904-system workbooks. */
import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { readCensusFile } from '../../../../server/census/read';
import { dateToExcelSerial, excelSerialToDate, isDateFormat } from '../../../../server/census/read/excel-dates';

const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

describe('excelSerialToDate', () => {
  it.each([
    [0, false, '1899-12-31'],
    [1, false, '1900-01-01'],
    [59, false, '1900-02-28'],
    [60, false, '1900-02-28'], // the fictitious 1900-02-29 of the Lotus leap-year bug
    [61, false, '1900-03-01'],
    [25569, false, '1970-01-01'],
    [27422, false, '1975-01-28'],
    [45658, false, '2025-01-01'],
    [45658.75, false, '2025-01-01'],
    [45658.999999999, false, '2025-01-02'], // Excel rounds to the millisecond before showing the day
    [2958465, false, '9999-12-31'],
    [0, true, '1904-01-01'],
    [42383, true, '2020-01-15'],
    [44197, true, '2025-01-02'],
  ] as const)('%d (1904: %s) -> %s', (serial, date1904, expected) => {
    const d = excelSerialToDate(serial, date1904);
    expect(iso(d)).toBe(expected);
    expect(d!.getUTCHours() + d!.getUTCMinutes() + d!.getUTCSeconds() + d!.getUTCMilliseconds()).toBe(0);
  });

  it('returns null for values that are not dates', () => {
    for (const v of [-1, Number.NaN, Number.POSITIVE_INFINITY, 2958466]) expect(excelSerialToDate(v, false)).toBeNull();
    expect(excelSerialToDate(2958465, true)).toBeNull();
  });

  it('is the inverse of dateToExcelSerial in both systems (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1904, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }), fc.boolean(), (d, d1904) => {
        const y = d.getUTCFullYear();
        const m = d.getUTCMonth() + 1;
        const day = d.getUTCDate();
        const serial = dateToExcelSerial(y, m, day, d1904);
        expect(iso(excelSerialToDate(serial + 0.5, d1904))).toBe(new Date(Date.UTC(y, m - 1, day)).toISOString().slice(0, 10));
        if (!d1904) expect(serial - dateToExcelSerial(y, m, day, true)).toBe(1462);
      }),
      { numRuns: 300 },
    );
  });
});

describe('isDateFormat', () => {
  it.each([
    ['m/d/yy', true],
    ['mm/dd/yyyy', true],
    ['yyyy-mm-dd', true],
    ['d-mmm-yyyy', true],
    ['[$-409]mmmm d, yyyy;@', true],
    ['mmm-yy', true],
    ['m/d/yy h:mm', true],
    ['h:mm', false],
    ['h:mm:ss AM/PM', false],
    ['[h]:mm:ss', false],
    ['mm:ss', false],
    ['General', false],
    ['0.00', false],
    ['"Date:" 0', false],
    ['00000', false],
    [undefined, false],
  ] as const)('%s -> %s', (fmt, expected) => {
    expect(isDateFormat(fmt)).toBe(expected);
  });
});

/** A workbook with the same calendar dates stored as serials of the given date system. */
function datedWorkbook(date1904: boolean): XLSX.WorkBook {
  const serial = (y: number, m: number, d: number) => dateToExcelSerial(y, m, d, date1904);
  const ws: XLSX.WorkSheet = {
    '!ref': 'A1:D4',
    A1: { t: 's', v: 'Name' },
    B1: { t: 's', v: 'Birth Date' },
    C1: { t: 's', v: 'Start' },
    D1: { t: 's', v: 'Shift' },
    A2: { t: 's', v: 'Ann' },
    B2: { t: 'n', v: serial(1975, 1, 28), z: 'mm/dd/yyyy' },
    C2: { t: 'n', v: serial(2020, 1, 15) + 0.25, z: 'yyyy-mm-dd hh:mm' },
    D2: { t: 'n', v: 0.375, z: 'h:mm' },
    A3: { t: 's', v: 'Bob' },
    B3: { t: 'n', v: serial(1960, 2, 29), z: 'd-mmm-yyyy' },
    C3: { t: 'n', v: 55000, z: '#,##0' },
    A4: { t: 's', v: 'Cy' },
    B4: { t: 'n', v: serial(1904, 1, 2), z: 'm/d/yy' },
  };
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Dates');
  wb.Workbook = { ...(wb.Workbook ?? {}), WBProps: { date1904 } };
  return wb;
}

describe('date cells in generated workbooks', () => {
  for (const date1904 of [false, true]) {
    for (const bookType of ['xlsx', 'biff8'] as const) {
      it(`${date1904 ? '1904' : '1900'} system, ${bookType}`, async () => {
        const bytes: Buffer = XLSX.write(datedWorkbook(date1904), { type: 'buffer', bookType });
        const r = await readCensusFile({ fileName: `dates.${bookType === 'xlsx' ? 'xlsx' : 'xls'}`, bytes });
        const rows = r.sheets[0].rows;
        expect(rows[1][1]).toBeInstanceOf(Date);
        expect(iso(rows[1][1] as Date)).toBe('1975-01-28');
        expect(iso(rows[1][2] as Date)).toBe('2020-01-15'); // date part of a date-time
        expect(rows[1][3]).toBe(0.375); // a time of day is not a calendar date
        expect(iso(rows[2][1] as Date)).toBe('1960-02-29');
        expect(rows[2][2]).toBe(55000);
        expect(iso(rows[3][1] as Date)).toBe('1904-01-02');
        expect(r.notes.some((n) => /1904 date system/.test(n))).toBe(date1904);
      });
    }
  }

  it('gives the same calendar dates whatever the process time zone', async () => {
    const bytes: Buffer = XLSX.write(datedWorkbook(false), { type: 'buffer', bookType: 'xlsx' });
    const saved = process.env.TZ;
    try {
      const seen: (string | null)[] = [];
      for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = tz;
        const r = await readCensusFile({ fileName: 'dates.xlsx', bytes });
        seen.push(iso(r.sheets[0].rows[1][1] as Date));
      }
      expect(seen).toEqual(['1975-01-28', '1975-01-28', '1975-01-28']);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});
