/** OCR'd digits checked against the field they sit in (server/census/read/ocr/digits.ts). */
import { describe, expect, it } from 'vitest';
import { checkDigits, fixCodeDigits, fixIdDigits, hasDigitSwap } from '../../../../../server/census/read/ocr/digits';

describe('checkDigits', () => {
  it("reads 'O' and 'l' as 0 and 1 in a date, and flags the value", () => {
    expect(checkDigits('1988-O4-l2', 'date')).toEqual({ text: '1988-04-12', corrected: true, changes: 2 });
    expect(checkDigits('l2/O3/2O19', 'date')).toEqual({ text: '12/03/2019', corrected: true, changes: 3 });
    expect(checkDigits('2l-Jan-l959', 'date')).toEqual({ text: '21-Jan-1959', corrected: true, changes: 2 });
  });

  it("reads 'O', 'l', 'S' as digits in a ZIP code", () => {
    expect(checkDigits('O2l39', 'zip')).toEqual({ text: '02139', corrected: true, changes: 2 });
    expect(checkDigits('9Sl07', 'zip').text).toBe('95107');
    expect(checkDigits('94107-OOl2', 'zip').text).toBe('94107-0012');
  });

  it('corrects amounts, counts and SSNs', () => {
    expect(checkDigits('l48,5OO', 'amount')).toEqual({ text: '148,500', corrected: true, changes: 3 });
    expect(checkDigits('$2,5OO.00', 'amount').text).toBe('$2,500.00');
    expect(checkDigits('l', 'integer')).toEqual({ text: '1', corrected: true, changes: 1 });
    expect(checkDigits('l23-45-67B9', 'ssn').text).toBe('123-45-6789');
  });

  it('leaves a valid value as read, unflagged', () => {
    expect(checkDigits('1988-04-12', 'date')).toEqual({ text: '1988-04-12', corrected: false, changes: 0 });
    expect(checkDigits('12-May-1985', 'date').corrected).toBe(false);
    expect(checkDigits('02139', 'zip').corrected).toBe(false);
  });

  it('closes up a space OCR put inside a number', () => {
    expect(checkDigits('1988-04- 12', 'date').text).toBe('1988-04-12');
    expect(checkDigits('94 107', 'zip').text).toBe('94107');
  });

  it('does not turn words into numbers', () => {
    expect(checkDigits('Oslo', 'zip')).toEqual({ text: 'Oslo', corrected: false, changes: 0 });
    expect(checkDigits('Active', 'integer').corrected).toBe(false);
    expect(checkDigits('SOIL', 'amount').corrected).toBe(false);
    expect(checkDigits('1988-O4-xx', 'date').corrected).toBe(false);
    expect(checkDigits('', 'date')).toEqual({ text: '', corrected: false, changes: 0 });
  });

  it('reads letters beside a digit as digits however many there are, and tells a swap left in a value', () => {
    expect(checkDigits('7OOOO', 'amount')).toEqual({ text: '70000', corrected: true, changes: 4 });
    expect(hasDigitSwap('1988-O4-xx')).toBe(true);
    expect(hasDigitSwap('12-May-1985')).toBe(false);
    expect(hasDigitSwap('94107-1234')).toBe(false);
  });
});

describe('fixIdDigits', () => {
  it("corrects the digits after an id's letter prefix by the shape of the column's other ids", () => {
    expect(fixIdDigits(['EMP001', 'EMPO02', 'EMP0O3', 'EMP004', ''])).toEqual([
      { index: 1, text: 'EMP002' },
      { index: 2, text: 'EMP003' },
    ]);
    // Digits only: the same, by length.
    expect(fixIdDigits(['10234', '1O299', '10312'])).toEqual([{ index: 1, text: '10299' }]);
  });

  it('leaves an id alone without two clean ids of its shape, or when it does not fit one', () => {
    expect(fixIdDigits(['EMP001', 'EMPO02'])).toEqual([]);
    expect(fixIdDigits(['EMP001', 'EMP002', 'EMPO2', 'EMPOLD', 'MRK-0O1', 'EMP-OO1'])).toEqual([]);
    expect(fixIdDigits(['A1', 'B2', 'C3'])).toEqual([]);
  });
});

describe('fixCodeDigits', () => {
  it("reads a letter alone as the digit code its column holds ('O' in a column of 0/1 flags)", () => {
    expect(fixCodeDigits(['1', '0', 'O', 'true', '0', 'l', '1'])).toEqual([
      { index: 2, text: '0' },
      { index: 5, text: '1' },
    ]);
  });

  it('leaves letters alone in a column without two cells of that digit', () => {
    expect(fixCodeDigits(['E', 'S', 'C', 'S', '1'])).toEqual([]);
    expect(fixCodeDigits(['O', '0', 'Y', 'N'])).toEqual([]);
  });
});
