/** delimited.ts alone: delimiter detection, parsing, csv-spectrum, and a round-trip property. */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIMITERS, type Delimiter, countPerLine, detectDelimiter, parseDelimited } from '../../../../server/census/read/delimited';
import { decodeText } from '../../../../server/census/read/encoding';

describe('detectDelimiter', () => {
  it.each([
    [',', 'id,name,city\n1,"Smith; John",Paris\n2,Ann,"Lyon|Rhône"\n'],
    [';', 'id;name;salary\n1;Müller;55 000,50\n2;"Doe, Jane";61 000,00\n'],
    ['\t', 'id\tname\tnote\n1\tAnn\ta, b; c\n2\tBob\t|x|\n'],
    ['|', 'id|name|note\n1|Ann|a,b\n2|Bob|c;d\n'],
  ] as const)('finds %j', (d, text) => {
    expect(detectDelimiter(text).delimiter).toBe(d);
  });

  it('is not fooled by title lines above the table or notes under it', () => {
    const text = 'Acme Corp, Inc. - census\nAs of 01/01/2026\n\nid;first;last;dob\n1;A;B;01/02/1980\n2;C;D;03/04/1990\n3;E;F;05/06/1970\nTotal: 3, prepared by HR\n';
    expect(detectDelimiter(text).delimiter).toBe(';');
  });

  it('prefers the delimiter with consistent counts over one that is merely frequent', () => {
    const text = 'a;b\n"x, y, z";1\n"p, q";2\nr;3\n';
    expect(detectDelimiter(text).delimiter).toBe(';');
  });

  it('defaults to comma for single-column text', () => {
    expect(detectDelimiter('name\nAnn\nBob\n')).toEqual({ delimiter: ',', consistency: 0 });
  });

  it('counts outside quotes only, across quoted newlines, ignoring blank lines', () => {
    expect(countPerLine('a,b,"c,\nd"\n\n1,2,3\n', ',')).toEqual([2, 2]);
  });
});

describe('parseDelimited', () => {
  it('keeps values as written, empty as null, blank lines as []', () => {
    const r = parseDelimited('id,zip,amount\r\n007,02134,"1,000.50"\r\n\r\n8,,\r\n');
    expect(r.delimiter).toBe(',');
    expect(r.rows).toEqual([['id', 'zip', 'amount'], ['007', '02134', '1,000.50'], [], ['8', null, null]]);
    expect(r.problems).toEqual([]);
  });

  it('handles quotes, escaped quotes, embedded newlines and a missing final newline', () => {
    const r = parseDelimited('a;b\n"x ""y"" z";"line1\nline2"\nlast;row');
    expect(r.rows).toEqual([['a', 'b'], ['x "y" z', 'line1\nline2'], ['last', 'row']]);
  });

  it('repairs a stray opening quote when the rest then parses into rows of the header\'s width, and says which row', () => {
    // Issue 19: the quote used to swallow the rest of the file; it is dropped, the note and review name row 2.
    const r = parseDelimited('a,b\n1,"oops\n2,3\n');
    expect(r.rows).toEqual([['a', 'b'], ['1', 'oops'], ['2', '3']]);
    expect(r.problems.join(' ')).toMatch(/stray quote at row 2/);
    expect(r.review.join(' ')).toMatch(/Row 2/);
  });

  it('a misplaced quote that closes in a later quoted value joins lines: the review names the row', () => {
    const r = parseDelimited('id,name,notes\n1,Ann,ok\n"2,Bob,ok\n3,Cara,"long\nnote"\n4,Dan,ok\n');
    expect(r.review.join(' ')).toMatch(/Row 3 .*misplaced quote/);
  });

  it('reports an unclosed quote it cannot repair as a readable note naming its row, with a review, and still returns the rows', () => {
    // Rows of several widths after the quote: no repair makes them the header's width.
    const r = parseDelimited('a,b,c\n1,2,3\n4,"5,6\n7,8\n9\n10,11,12,13\n');
    expect(r.rows[0]).toEqual(['a', 'b', 'c']);
    expect(r.problems.join(' ')).toMatch(/opened at row 3 is not closed/);
    expect(r.review.join(' ')).toMatch(/row 3/);
  });

  it('stops after maxRows + 1 rows and says so', () => {
    const text = Array.from({ length: 100 }, (_, i) => `${i},x`).join('\n');
    const r = parseDelimited(text, { maxRows: 10 });
    expect(r.rows.length).toBe(11);
    expect(r.truncated).toBe(true);
    expect(parseDelimited(text, { maxRows: 100 }).truncated).toBe(false);
    expect(parseDelimited(`${text}\n`, { maxRows: 100 }).truncated).toBe(false); // the final line break is not a row
    expect(parseDelimited('a\nb\n\nc\n', { maxRows: 2 }).truncated).toBe(true); // a blank line is a row
    expect(parseDelimited('a\nb\n\nc\n', { maxRows: 4 })).toMatchObject({ truncated: false, rows: [['a'], ['b'], [], ['c']] });
  });

  it('stops as soon as the cells pass maxCells', () => {
    const text = 'a,b,c\n'.repeat(1000);
    const r = parseDelimited(text, { maxCells: 30 });
    expect(r.tooManyCells).toBe(true);
    expect(r.rows.length).toBe(11);
  });

  it('parses whole, or row by row near a limit, alike: the same rows, and problems naming the row they are on', () => {
    // No limit: parsed whole. maxCells of 10 may be passed by the line breaks' count, so row by row.
    const text = 'a,b\r\n1,2\r\n\r\n3,4\r\n5,"6"x\r\n7,8\r\n';
    const whole = parseDelimited(text);
    const byRow = parseDelimited(text, { maxCells: 12 });
    expect(byRow).toEqual(whole);
    expect(whole.rows.slice(0, 4)).toEqual([['a', 'b'], ['1', '2'], [], ['3', '4']]);
    expect(whole.problems.join(' ')).toMatch(/misplaced quote character \(first at row 5\)/);
  });

  it('honours and drops Excel\'s "sep=" first line', () => {
    const r = parseDelimited('sep=;\r\na,b;c\r\n1,5;2\r\n');
    expect(r).toMatchObject({ delimiter: ';', sepLine: true, rows: [['a,b', 'c'], ['1,5', '2']] });
    expect(parseDelimited('sep=|\nx|y\n').rows).toEqual([['x', 'y']]);
    expect(parseDelimited('sep=x,y\n1,2\n').sepLine).toBeUndefined();
  });

  it('keeps blank lines, and a blank last line, but not the final line break', () => {
    expect(parseDelimited('a\n\n').rows).toEqual([['a'], []]);
    expect(parseDelimited('a\n\nb').rows).toEqual([['a'], [], ['b']]);
    expect(parseDelimited('a\r\n').rows).toEqual([['a']]);
  });
});

describe('csv-spectrum', () => {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('csv-spectrum/package.json'));
  const names = fs.readdirSync(path.join(root, 'csvs')).map((f) => path.basename(f, '.csv'));
  /** Upstream data errors in csv-spectrum 2.0.0 (the JSON does not match its own CSV). */
  const UPSTREAM_FIXES: Record<string, (rows: Record<string, string>[]) => Record<string, string>[]> = {
    // The JSON says "1234567890"; the CSV file says 2095257564.
    location_coordinates: (rows) => rows.map((r) => ({ ...r, 'Contact Phone Number': '2095257564' })),
  };

  it('has its cases', () => {
    expect(names.length).toBeGreaterThanOrEqual(12);
  });

  it.each(names)('%s', (name) => {
    const bytes = fs.readFileSync(path.join(root, 'csvs', `${name}.csv`));
    const json = JSON.parse(fs.readFileSync(path.join(root, 'json', `${name}.json`), 'utf8'));
    let expected: Record<string, string>[] = Array.isArray(json) ? json : [json];
    expected = UPSTREAM_FIXES[name]?.(expected) ?? expected;
    const { text } = decodeText(bytes);
    const { rows, delimiter } = parseDelimited(text);
    expect(delimiter).toBe(',');
    const [header, ...body] = rows.filter((r) => r.length > 0);
    const objects = body.map((r) => Object.fromEntries((header as string[]).map((h, i) => [h, (r[i] ?? '') as string])));
    expect(objects).toEqual(expected);
  });
});

describe('round trip through the detector and the parser (property)', () => {
  const cellChars = fc.constantFrom('a', 'B', '1', ' ', ',', ';', '\t', '|', '"', '\n', '\r\n', 'é', '€', '.', '-');
  const cell = fc.array(cellChars, { maxLength: 6 }).map((a) => a.join(''));

  function serialise(rows: string[][], d: Delimiter, eol: string): string {
    const needsQuotes = (v: string) => /[,;\t|"\r\n]/.test(v) || /^\s|\s$/.test(v);
    return rows.map((r) => r.map((v) => (needsQuotes(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(d)).join(eol) + eol;
  }

  it('recovers any table written with any of the four delimiters', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }).chain((cols) => fc.array(fc.array(cell, { minLength: cols, maxLength: cols }), { minLength: 1, maxLength: 12 })),
        fc.constantFrom(...DELIMITERS),
        fc.constantFrom('\n', '\r\n'),
        (rows, d, eol) => {
          const text = serialise(rows, d, eol);
          const parsed = parseDelimited(text);
          expect(parsed.delimiter).toBe(d);
          expect(parsed.rows).toEqual(rows.map((r) => r.map((v) => (v === '' ? null : v))));
        },
      ),
      { numRuns: 400 },
    );
  });
});
