/**
 * Excel date serials -> JS Date at UTC midnight of the calendar date Excel shows.
 *
 * We convert ourselves instead of using SheetJS's cellDates, because cellDates builds the Date in the
 * process's local time zone (so the calendar day can shift with TZ) and we want one plain rule:
 * the date part of what Excel displays, as a UTC-midnight Date, whatever the server's TZ.
 *
 * 1900 system (Windows default): serial 1 = 1900-01-01, and Excel keeps Lotus 1-2-3's bug that
 * 1900 was a leap year, so serial 60 is the fictitious 1900-02-29 and every serial from 61 on is one
 * day "ahead": 61 = 1900-03-01. Serial 0 shows as "1900-01-00"; we map it to 1899-12-31.
 * 1904 system (old Mac Excel, workbook property date1904): serial 0 = 1904-01-01, no bug.
 */
import { XLSX } from './sheetjs';
import { DAY_MS } from '../../../shared/constants';

const EPOCH_1900 = Date.UTC(1899, 11, 31); // serial 0 -> 1899-12-31 ("1900-01-00")
const EPOCH_1900_AFTER_BUG = Date.UTC(1899, 11, 30); // serials >= 61
const EPOCH_1904 = Date.UTC(1904, 0, 1);
/** Excel's largest date: 9999-12-31 is serial 2958465 in the 1900 system. */
const MAX_SERIAL = 2_958_465;

/**
 * The date part of a serial, or null when it is not a date Excel can show (negative, too large,
 * not finite). The fictitious 1900-02-29 (serial 60) has no real date; we return 1900-02-28.
 */
export function excelSerialToDate(serial: number, date1904: boolean): Date | null {
  if (!Number.isFinite(serial) || serial < 0) return null;
  // Excel rounds the time part to the millisecond before showing the date: 0.99999999999 is midnight
  // of the next day, not 23:59:59.999 of this one.
  const days = Math.floor(Math.round(serial * DAY_MS) / DAY_MS);
  if (date1904) {
    if (days > MAX_SERIAL - 1462) return null;
    return new Date(EPOCH_1904 + days * DAY_MS);
  }
  if (days > MAX_SERIAL) return null;
  if (days < 60) return new Date(EPOCH_1900 + days * DAY_MS);
  if (days === 60) return new Date(Date.UTC(1900, 1, 28));
  return new Date(EPOCH_1900_AFTER_BUG + days * DAY_MS);
}

/** Inverse, for tests and generated workbooks: the serial Excel stores for a calendar date. */
export function dateToExcelSerial(year: number, month1: number, day: number, date1904: boolean): number {
  const t = Date.UTC(year, month1 - 1, day);
  if (date1904) return Math.round((t - EPOCH_1904) / DAY_MS);
  const afterBug = Math.round((t - EPOCH_1900_AFTER_BUG) / DAY_MS);
  return afterBug >= 61 ? afterBug : Math.round((t - EPOCH_1900) / DAY_MS);
}

/**
 * Is this number format a calendar date (not a time of day or a duration)? SheetJS's is_date says
 * yes for "h:mm" too; a time-only cell carries no calendar date, so it stays a number.
 */
export function isDateFormat(fmt: string | undefined): boolean {
  if (!fmt || fmt === 'General') return false;
  let isDate = false;
  try {
    isDate = XLSX.SSF.is_date(fmt);
  } catch {
    return false;
  }
  if (!isDate) return false;
  // Look only at the first section's tokens: drop quoted text, escapes, [colour]/[$-409] blocks.
  const tokens = fmt
    .split(';')[0]
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .toLowerCase();
  if (/[yd]/.test(tokens)) return true;
  // "m" alone is a month unless it sits with hours/seconds (then it is minutes).
  if (/m/.test(tokens) && !/[hs]/.test(tokens)) return true;
  // Era/Japanese/Buddhist calendar codes (e, g, b) also mark dates.
  return /[egb]/.test(tokens);
}
