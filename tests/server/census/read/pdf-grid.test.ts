/**
 * The grid builder of the document reader (server/census/read/pdf-grid.ts) on hand-made item lists:
 * rows by baseline, columns by the gaps through the whole table, wrapped cells, tables over pages,
 * repeated headers, titles and footers, label/value forms; and uprightItems (pdf.ts) turning a page
 * printed sideways.
 */
import { describe, expect, it } from 'vitest';
import { buildTables, closeBracket, continuations, dropStrayColons, linesOf, MAX_COLUMNS, restoreUnderscores, UNCLEAR_CONFIDENCE, type PageText, type TextItem } from '../../../../server/census/read/pdf-grid';
import { uprightItems } from '../../../../server/census/read/pdf';

const H = 8; // font height
const CHAR = 4; // width of a character at that height

/** A text item at column x, baseline y. */
const item = (str: string, x: number, y: number, height = H): TextItem => ({ str, x, y, width: str.length * CHAR * (height / H), height });

/** A table drawn at `xs` column positions from baseline y0, `pitch` points per row. */
function table(rows: (string | null)[][], xs: number[], y0: number, pitch = 12): TextItem[] {
  return rows.flatMap((row, r) => row.flatMap((c, i) => (c === null ? [] : [item(c, xs[i], y0 + r * pitch)])));
}

const XS = [40, 120, 200, 280];
const HEADER = ['First Name', 'Last Name', 'DOB', 'Salary'];

describe('linesOf', () => {
  it('puts items on one baseline (within a third of the font height) on one line, left to right', () => {
    const lines = linesOf([item('b', 100, 51), item('a', 40, 50), item('c', 40, 70)]);
    expect(lines.map((l) => l.segments.map((s) => s.text))).toEqual([['a', 'b'], ['c']]);
  });

  it('joins items a word space apart into one cell and splits at a wider gap', () => {
    // 'Date' ends at 56; 'of' starts 2 pt later (a space); 'Birth' right after; '1990' far away.
    const lines = linesOf([item('Date', 40, 50), item('of', 58, 50), item('Birth', 68, 50), item('1990', 140, 50)]);
    expect(lines[0].segments.map((s) => s.text)).toEqual(['Date of Birth', '1990']);
  });

  it("splits a text layer's items 0.44 font heights apart (a roster's club beside a last name), not OCR's words", () => {
    // 'NYCFC' ends at 60 (5 characters of 4 pt); 'Allen' 3.5 pt (0.44 of 8) after it.
    const text = linesOf([item('NYCFC', 40, 50), item('Allen', 63.5, 50)]);
    expect(text[0].segments.map((s) => s.text)).toEqual(['NYCFC', 'Allen']);
    // OCR's word boxes leave wider gaps between the words of one cell: still one cell there.
    const ocr = linesOf([{ ...item('NYCFC', 40, 50), confidence: 90 }, { ...item('Allen', 63.5, 50), confidence: 90 }]);
    expect(ocr[0].segments.map((s) => s.text)).toEqual(['NYCFC Allen']);
  });

  it('drops blank items', () => {
    expect(linesOf([item(' ', 40, 50), item('', 60, 50)])).toEqual([]);
  });
});

describe('buildTables', () => {
  it('reads a simple table into rows and columns, named after its page', () => {
    const rows = [HEADER, ['Ann', 'Lee', '1990-01-02', '50000'], ['Bo', 'Park', '1985-03-04', '62000']];
    const tables = buildTables([{ page: 1, items: table(rows, XS, 100) }]);
    expect(tables).toHaveLength(1);
    expect(tables[0].name).toBe('page 1');
    expect(tables[0].rows).toEqual(rows);
  });

  it('keeps empty cells in their column (the gap through the whole table decides)', () => {
    const rows = [HEADER, ['Ann', null, '1990-01-02', '50000'], ['Bo', 'Park', null, null], [null, 'Kim', '1970-05-06', '1']];
    const tables = buildTables([{ page: 1, items: table(rows, XS, 100) }]);
    expect(tables[0].rows).toEqual(rows);
  });

  it('takes right-aligned figures into the column of their header', () => {
    const items = [...table([HEADER], XS, 100), ...table([['Ann', 'Lee', '1990-01-02']], XS, 112)];
    // '500' right-aligned under 'Salary' (280..304): starts at 292.
    items.push(item('500', 292, 112));
    const tables = buildTables([{ page: 1, items }]);
    expect(tables[0].rows[1]).toEqual(['Ann', 'Lee', '1990-01-02', '500']);
  });

  it('leaves a title above and a footer below out of the table', () => {
    const rows = [HEADER, ['Ann', 'Lee', '1990-01-02', '50000'], ['Bo', 'Park', '1985-03-04', '62000']];
    const items = [item('Acme Corp employee census, printed 2026-01-05', 40, 60), ...table(rows, XS, 100), item('Page 1 of 1', 150, 300)];
    const tables = buildTables([{ page: 1, items }]);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows).toEqual(rows);
  });

  it('leaves a title of two cells out when a gap sets it apart (its extent would merge columns)', () => {
    const rows = [HEADER, ['Ann', 'Lee', '1990-01-02', '50000'], ['Bo', 'Park', '1985-03-04', '62000'], ['Cy', 'Diaz', '1979-07-08', '71000']];
    const items = [item('ACME PAYROLL REGISTER', 40, 60), item('Period ending 12/31/2025', 140, 60), ...table(rows, XS, 90)];
    const tables = buildTables([{ page: 1, items }]);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows).toEqual(rows);
  });

  it('does not take label/value pairs (a form) for a table', () => {
    const form = table(
      [
        ['Employer:', 'Acme Corp', 'Group no:', '12345'],
        ['Contact:', 'Ann Lee', 'Phone:', '555-0100'],
        ['Effective:', '2026-01-01', 'Broker:', 'Bo Park'],
      ],
      XS,
      60,
    );
    expect(buildTables([{ page: 1, items: form }])).toEqual([]);
  });

  it('does not take two columns of text for a table', () => {
    const two = table(
      [
        ['Name', 'Ann Lee'],
        ['Date', '2026-01-01'],
        ['Plan', 'Gold'],
      ],
      XS,
      60,
    );
    expect(buildTables([{ page: 1, items: two }])).toEqual([]);
  });

  it('joins a table that runs over two pages and drops the repeated header', () => {
    const p1 = table([HEADER, ['Ann', 'Lee', '1990-01-02', '50000'], ['Bo', 'Park', '1985-03-04', '62000']], XS, 100);
    const p2 = table([HEADER, ['Cy', 'Diaz', '1979-07-08', '71000']], XS, 60);
    const tables = buildTables([
      { page: 1, items: p1 },
      { page: 2, items: p2 },
    ]);
    expect(tables).toHaveLength(1);
    expect(tables[0].name).toBe('page 1');
    expect(tables[0].pages).toEqual([1, 2]);
    expect(tables[0].rows).toEqual([HEADER, ['Ann', 'Lee', '1990-01-02', '50000'], ['Bo', 'Park', '1985-03-04', '62000'], ['Cy', 'Diaz', '1979-07-08', '71000']]);
  });

  it('joins a continuation without a header by its columns lining up, even with a column empty there', () => {
    const p1 = table([HEADER, ['Ann', 'Lee', '1990-01-02', '50000'], ['Bo', 'Park', '1985-03-04', '62000']], XS, 100);
    const p2 = table(
      [
        ['Cy', null, '1979-07-08', '71000'],
        ['Di', null, '1969-07-08', '81000'],
      ],
      XS,
      60,
    );
    const tables = buildTables([
      { page: 1, items: p1 },
      { page: 2, items: p2 },
    ]);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows.slice(3)).toEqual([
      ['Cy', null, '1979-07-08', '71000'],
      ['Di', null, '1969-07-08', '81000'],
    ]);
  });

  it('keeps tables of different layouts on different pages apart', () => {
    const p1 = table([HEADER, ['Ann', 'Lee', '1990-01-02', '50000']], XS, 100);
    const p2 = table(
      [
        ['Plan', 'Tier', 'Rate'],
        ['Gold', 'EE', '500'],
      ],
      [40, 300, 400],
      60,
    );
    const tables = buildTables([
      { page: 1, items: p1 },
      { page: 2, items: p2 },
    ]);
    expect(tables.map((t) => t.name)).toEqual(['page 1', 'page 2']);
  });

  it('names a second table on a page apart', () => {
    const a = table([HEADER, ['Ann', 'Lee', '1990-01-02', '50000']], XS, 100);
    const b = table([HEADER, ['Bo', 'Park', '1985-03-04', '62000']], XS, 300);
    const tables = buildTables([{ page: 3, items: [...a, ...b] }]);
    expect(tables.map((t) => t.name)).toEqual(['page 3', 'page 3 (2)']);
  });

  it('joins a cell wrapped over lines (rows 14 pt apart, wrapped lines 9 pt)', () => {
    const items = [
      ...table([['First Name', 'Last Name', 'Gender', 'Salary']], XS, 100),
      item('(M or F)', XS[2], 109),
      ...table(
        [
          ['Ann', 'Lee', 'F', '50000'],
          ['Bo', 'Park', 'M', '62000'],
          ['Cy', 'Diaz', 'M', '71000'],
        ],
        XS,
        123,
        14,
      ),
    ];
    const tables = buildTables([{ page: 1, items }]);
    expect(tables[0].rows[0]).toEqual(['First Name', 'Last Name', 'Gender (M or F)', 'Salary']);
    expect(tables[0].rows).toHaveLength(4);
  });

  it('does not join rows of a table printed tightly (every step the same)', () => {
    const rows = [HEADER, ['Ann', null, null, null], ['Bo', null, null, null], ['Cy', 'Diaz', '1979-07-08', '71000']];
    expect(buildTables([{ page: 1, items: table(rows, XS, 100, 9) }])[0].rows).toEqual(rows);
  });

  it('stays fast on a page of many lines (10,000 rows, every other one a single cell)', () => {
    const items: TextItem[] = [];
    for (let r = 0; r < 10_000; r++) {
      items.push(item(`n${r}`, XS[0], 100 + r * 12));
      if (r % 2 === 0) items.push(item('x', XS[1], 100 + r * 12), item('y', XS[2], 100 + r * 12));
    }
    const t0 = performance.now();
    const tables = buildTables([{ page: 1, items }]);
    expect(performance.now() - t0).toBeLessThan(2000);
    // The last line, a single cell, is taken for a footer.
    expect(tables[0].rows).toHaveLength(9_999);
  });

  it('takes a block of more than MAX_COLUMNS columns for no table (its rows are never made)', () => {
    const wide = Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => `c${i}`);
    const xs = wide.map((_, i) => 40 + i * 30);
    const items = [...table([wide, wide], xs, 100), ...Array.from({ length: 1000 }, (_, r) => item('z', xs[0], 124 + r * 12))];
    expect(buildTables([{ page: 1, items }])).toEqual([]);
  });

  it('stops with a RangeError past the cells allowed, while the rows are made', () => {
    const rows = [HEADER, ['Ann', 'Lee', '1990-01-02', '50000'], ['Bo', 'Park', '1985-03-04', '62000']];
    expect(() => buildTables([{ page: 1, items: table(rows, XS, 100) }], 11)).toThrow(RangeError);
    expect(buildTables([{ page: 1, items: table(rows, XS, 100) }], 12)).toHaveLength(1);
  });

  it('finds no table in prose', () => {
    const prose = [item('This census is attached as a spreadsheet.', 40, 100), item('Thank you.', 40, 112)];
    expect(buildTables([{ page: 1, items: prose }])).toEqual([]);
  });
});

describe('continuations', () => {
  const line = (y: number, cells: number) => ({ y, height: H, segments: Array.from({ length: cells }) });
  it('marks the short steps with fewer cells than their row', () => {
    expect(continuations([line(100, 4), line(109, 1), line(123, 4), line(137, 4)])).toEqual([false, true, false, false]);
  });
  it('marks nothing when only a step or two are long (a rule under the header), even for sparser rows', () => {
    const rows = [line(100, 6), line(114, 6), line(124, 6), line(134, 5), line(144, 6), line(154, 3), line(164, 6), line(174, 6), line(184, 6)];
    expect(continuations(rows)).toEqual(rows.map(() => false));
  });
  it('marks nothing when all steps are alike', () => {
    expect(continuations([line(100, 4), line(110, 1), line(120, 4)])).toEqual([false, false, false]);
  });
});

describe('uprightItems', () => {
  const identity = (a: number[], b: number[]) => [
    a[0] * b[0] + a[2] * b[1],
    a[1] * b[0] + a[3] * b[1],
    a[0] * b[2] + a[2] * b[3],
    a[1] * b[2] + a[3] * b[3],
    a[0] * b[4] + a[2] * b[5] + a[4],
    a[1] * b[4] + a[3] * b[5] + a[5],
  ];
  // The viewport of an unrotated Letter page: PDF space (y up) -> device (y down).
  const viewport = { transform: [1, 0, 0, -1, 0, 792], width: 612, height: 792 };

  it('keeps upright text where it is (y measured down from the top)', () => {
    const [a] = uprightItems([{ str: 'Ann', transform: [8, 0, 0, 8, 40, 700], width: 12 }], viewport, identity);
    expect(a).toMatchObject({ str: 'Ann', x: 40, y: 92, height: 8, width: 12 });
  });

  it('turns a page whose text runs up the page (printed sideways) into rows', () => {
    // Text rotated 90 degrees counter-clockwise in PDF space: baseline direction (0, 1).
    const rot = (x: number, y: number, s: string) => ({ str: s, transform: [0, 8, -8, 0, x, y], width: s.length * 4 });
    const raw: { str: string; transform: number[]; width: number }[] = [];
    const rows = [HEADER, ['Ann', 'Lee', '1990-01-02', '50000'], ['Bo', 'Park', '1985-03-04', '62000']];
    // Rows go right to left across the sideways page... in PDF space a row is a vertical line at x.
    rows.forEach((row, r) => row.forEach((c, i) => raw.push(rot(100 + r * 12, 40 + XS[i], c))));
    const pages: PageText[] = [{ page: 1, items: uprightItems(raw, viewport, identity) }];
    const tables = buildTables(pages);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows).toEqual(rows);
  });
});

describe('confidence (OCR words)', () => {
  /** A word read by OCR: the item with its confidence. */
  const word = (str: string, x: number, y: number, confidence: number): TextItem => ({ ...item(str, x, y), confidence });

  it("keeps each cell's lowest word confidence and lists the cells under UNCLEAR_CONFIDENCE", () => {
    const items = [
      ...HEADER.map((h, i) => word(h, XS[i], 50, 95)),
      word('Ann', XS[0], 62, 96), word('Lee', XS[1], 62, 91), word('1980-01-02', XS[2], 62, UNCLEAR_CONFIDENCE - 1), word('50000', XS[3], 62, 93),
      // 'Van' 'Dyke': one cell of two words, the lower confidence counts.
      word('Bo', XS[0], 74, 90), word('Van', XS[1], 74, 92), word('Dyke', XS[1] + 14, 74, 30), word('1975-03-04', XS[2], 74, UNCLEAR_CONFIDENCE), word('6OOOO', XS[3], 74, 12),
    ];
    const [t] = buildTables([{ page: 1, items }]);
    expect(t.rows[2]).toEqual(['Bo', 'Van Dyke', '1975-03-04', '6OOOO']);
    // Row and column index into rows; a cell at the threshold is clear.
    expect(t.unclear).toEqual([
      { row: 1, column: 2, confidence: UNCLEAR_CONFIDENCE - 1 },
      { row: 2, column: 1, confidence: 30 },
      { row: 2, column: 3, confidence: 12 },
    ]);
  });

  it('carries confidences with the rows of a table joined over pages, its repeated header dropped', () => {
    const page = (p: number, rows: [string, number][][]): PageText => ({
      page: p,
      items: rows.flatMap((row, r) => row.map(([s, c], i) => word(s, XS[i], 50 + r * 12, c))),
    });
    const head: [string, number][] = HEADER.map((h) => [h, 95]);
    const tables = buildTables([
      page(1, [head, [['Ann', 95], ['Lee', 95], ['1980-01-02', 95], ['50000', 95]]]),
      page(2, [head.map(([h]) => [h, 10] as [string, number]), [['Bo', 95], ['Park', 95], ['1975-03-04', 20], ['60000', 95]]]),
    ]);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows.map((r) => r[0])).toEqual(['First Name', 'Ann', 'Bo']);
    // The repeated header's doubtful words went with it; Bo's birth date is row 2 of the joined table.
    expect(tables[0].unclear).toEqual([{ row: 2, column: 2, confidence: 20 }]);
  });

  it('a text layer (no confidence on any item) has no list of unclear cells', () => {
    const [t] = buildTables([{ page: 1, items: table([HEADER, ['Ann', 'Lee', '1980-01-02', '50000']], XS, 50) }]);
    expect(t.unclear).toBeUndefined();
  });
});

describe('scanned headers (OCR)', () => {
  const ocr = (str: string, x: number, y: number, width = str.length * CHAR): TextItem => ({ str, x, y, width, height: H, confidence: 90 });

  it("joins a header word set off by a dropped underscore ('deferral' 'rate') to its cell and puts the underscore back", () => {
    // 'deferral' and 'rate' 0.65 font heights apart: wider than a word space, narrower than a cell's padding.
    const items = [
      ocr('employee_id', 40, 100), ocr('deferral', 120, 100), ocr('rate', 120 + 8 * CHAR + 0.65 * H, 100), ocr('match_rate', 220, 100),
      ocr('E1', 40, 112), ocr('9.2', 120, 112), ocr('4.6', 220, 112),
      ocr('E2', 40, 124), ocr('11.1', 120, 124), ocr('5.0', 220, 124),
    ];
    const [t] = buildTables([{ page: 1, items }]);
    expect(t.rows[0]).toEqual(['employee_id', 'deferral_rate', 'match_rate']);
    expect(t.rows[1]).toEqual(['E1', '9.2', '4.6']);
  });

  it('keeps a column that holds values, and spaces in a header written with spaces', () => {
    const items = [
      ocr('First Name', 40, 100), ocr('Last Name', 120, 100), ocr('DOB', 200, 100),
      ocr('Ann', 40, 112), ocr('Lee', 120, 112), ocr('1990-01-02', 200, 112),
    ];
    expect(buildTables([{ page: 1, items }])[0].rows[0]).toEqual(['First Name', 'Last Name', 'DOB']);
    expect(restoreUnderscores(['Txt_Policy_ Number', 'Date of Birth', 'Num_Age'])).toEqual(['Txt_Policy_Number', 'Date_of_Birth', 'Num_Age']);
    expect(restoreUnderscores(['First Name', 'Last Name', 'emp_id'])).toEqual(['First Name', 'Last Name', 'emp_id']);
    expect(closeBracket('T) Olson')).toBe('TJ Olson');
    expect(closeBracket('Gender (M or F)')).toBe('Gender (M or F)');
  });

  it('leaves a text layer header alone (no confidences)', () => {
    const rows = [['emp_id', 'first name', 'last_name'], ['1', 'Ann', 'Lee']];
    expect(buildTables([{ page: 1, items: table(rows, XS, 100) }])[0].rows[0]).toEqual(['emp_id', 'first name', 'last_name']);
  });
});

describe('dropStrayColons', () => {
  it("drops a speck read as ':' after a scan's value, not a column of labels", () => {
    const rows = [
      ['Last Name', 'Status', 'Note:'],
      ['Marvins:', 'true', 'a:'],
      ['Olson', 'false:', 'b:'],
      ['Chen', 'true', null],
      ['Park', 'true', null],
      ['Wu', 'true', null],
    ];
    dropStrayColons(rows);
    expect(rows.map((r) => r[0])).toEqual(['Last Name', 'Marvins', 'Olson', 'Chen', 'Park', 'Wu']);
    expect(rows[2][1]).toBe('false');
    // A header ending in a colon keeps its column as it is.
    expect(rows[1][2]).toBe('a:');
    // A column where colons are common (labels) is left alone.
    const labels = [['Field', 'Value', 'X'], ['Employer:', 'Acme', '1'], ['Plan:', 'PPO', '2']];
    dropStrayColons(labels);
    expect(labels[1][0]).toBe('Employer:');
  });
});
