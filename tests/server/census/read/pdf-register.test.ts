/**
 * Payroll registers (server/census/read/pdf-register.ts through pdf-grid.ts): employees printed as
 * blocks closed by an 'Employee Totals' line become one row each (name, id); a stacked header labels
 * the block's lines; a page with no employee's totals line is left to the table reader. Hand-made
 * item lists in the shapes of the real registers of tests/fixtures/documents/real.
 */
import { describe, expect, it } from 'vitest';
import { buildTables, type TextItem } from '../../../../server/census/read/pdf-grid';

const H = 8;
const item = (str: string, x: number, y: number): TextItem => ({ str, x, y, width: str.length * 4, height: H });
/** One line: [x, text] pairs at baseline y. */
const line = (y: number, ...cells: [number, string][]) => cells.map(([x, s]) => item(s, x, y));

describe('payroll registers', () => {
  it('reads a stacked register (name over emp. no. over pay frequency) as one row per employee block', () => {
    const items = [
      ...line(50, [20, 'Employee Name'], [300, 'Pays'], [500, 'Taxes']),
      ...line(60, [20, 'Emp. No.'], [80, 'SSN No.'], [240, 'Current'], [500, 'Tax']),
      ...line(70, [20, 'Pay Freq.'], [90, 'Tax Status'], [240, 'Rate'], [500, 'Amount']),
      ...line(85, [20, 'Golikowski, Roger D.'], [180, '0-Regular Pay'], [240, '19.75'], [500, '73.12']),
      ...line(95, [20, '26'], [80, '*******6132'], [500, '48.98']),
      ...line(105, [30, 'Weekly'], [80, 'Fed:'], [110, 'Married']),
      ...line(117, [60, 'Employee Totals'], [180, 'Totals:'], [300, '790.00']),
      ...line(130, [20, 'Sample, William M.'], [180, '0-Regular Pay'], [240, '0.00'], [500, '1,329.95']),
      ...line(140, [20, '25'], [80, '*******4567'], [500, '0.00']),
      ...line(150, [30, 'Weekly'], [80, 'Fed:'], [110, 'Married']),
      ...line(162, [60, 'Employee Totals'], [180, 'Totals:'], [300, '6,450.00']),
    ];
    const [t] = buildTables([{ page: 1, items }]);
    expect(t.register).toBe(true);
    expect(t.rows).toEqual([
      ['Employee Name', 'Employee ID'],
      ['Golikowski, Roger D.', '26'],
      ['Sample, William M.', '25'],
    ]);
    expect(t.places.slice(1).map((p) => p.line)).toEqual([4, 8]);
  });

  it("reads 'Emp# 1009' blocks (the name beside the label, a word cut off by OCR joined) and '1004 Kayla Collins' lines", () => {
    const labelled = [
      ...line(40, [20, 'Earnings'], [120, 'Hours'], [170, 'Rate'], [260, 'Current']),
      ...line(55, [20, 'Department'], [100, 'Accounting']),
      ...line(70, [20, 'Emp# 1009'], [110, 'Nicholas'], [150, 'Jefferson'], [400, 'Location'], [450, 'NY1']),
      ...line(80, [110, 'Net Pay:'], [150, '701.06']),
      ...line(90, [20, 'Regular'], [120, '40.00'], [170, '25.00'], [260, '1,000.00']),
      ...line(100, [30, 'Employee Tot:'], [120, '40.00'], [260, '1,000.00']),
      ...line(110, [30, 'Dept 003 Tot:'], [120, '80.00'], [260, '1,880.00']),
      ...line(120, [20, 'Emp# 1003'], [110, 'Eric M Davis'], [400, 'Location'], [450, 'NY1']),
      ...line(130, [20, 'Regular'], [120, '40.00'], [170, '50.00'], [260, '2,000.00']),
      ...line(140, [30, 'Employee Tot:'], [120, '40.00'], [260, '2,050.00']),
    ];
    expect(buildTables([{ page: 1, items: labelled }])[0].rows).toEqual([
      ['Employee Name', 'Employee ID'],
      ['Nicholas Jefferson', '1009'],
      ['Eric M Davis', '1003'],
    ]);
    const idFirst = [
      ...line(40, [20, 'Check #'], [120, 'Pay Date'], [220, 'Gross Pay']),
      ...line(55, [20, '1004 Kayla'], [70, 'Collins']),
      ...line(65, [120, '09/05/2012'], [220, '2,880.00']),
      ...line(75, [60, 'Employee Totals:'], [220, '6,480.00']),
      ...line(85, [20, '1008 Charles H Garrison']),
      ...line(95, [120, '09/05/2012'], [220, '5,000.00']),
      ...line(105, [60, 'Employee Totals:'], [220, '11,153.87']),
    ];
    expect(buildTables([{ page: 1, items: idFirst }])[0].rows.slice(1)).toEqual([
      ['Kayla Collins', '1004'],
      ['Charles H Garrison', '1008'],
    ]);
  });

  it('joins a register over pages and leaves a page without an employee totals line to the table reader', () => {
    const page = (p: number, name: string, id: string) => ({
      page: p,
      items: [...line(70, [20, `Emp# ${id}`], [110, name]), ...line(80, [20, 'Regular'], [120, '40.00']), ...line(90, [30, 'Employee Tot:'], [120, '40.00'])],
    });
    const [t, ...rest] = buildTables([page(1, 'Michael C Smith', '1005'), page(2, 'Thomas A Montoya', '1007')]);
    expect(rest).toEqual([]);
    expect(t.pages).toEqual([1, 2]);
    expect(t.rows.slice(1)).toEqual([
      ['Michael C Smith', '1005'],
      ['Thomas A Montoya', '1007'],
    ]);
    // A census table whose rows total nothing: no register.
    const census = [...line(40, [20, 'Emp# '], [110, 'Name'], [200, 'Salary']), ...line(50, [20, '1'], [110, 'Ann Lee'], [200, '50000']), ...line(60, [20, '2'], [110, 'Bo Chan'], [200, '60000'])];
    const [c] = buildTables([{ page: 1, items: census }]);
    expect(c.register).toBeUndefined();
    expect(c.rows[1]).toEqual(['1', 'Ann Lee', '50000']);
    // A census table with a footer 'Employee Totals: 3' is still a table of its people.
    const footed = [
      ...line(40, [20, 'Employee Name'], [110, 'Emp No'], [200, 'Salary']),
      ...line(50, [20, 'Ann Lee'], [110, '1'], [200, '50000']),
      ...line(60, [20, 'Bo Chan'], [110, '2'], [200, '60000']),
      ...line(70, [20, 'Cy Diaz'], [110, '3'], [200, '70000']),
      ...line(85, [20, 'Employee Totals: 3'], [200, '180000']),
    ];
    const [f] = buildTables([{ page: 1, items: footed }]);
    expect(f.register).toBeUndefined();
    expect(f.rows.slice(1, 4).map((r) => r[0])).toEqual(['Ann Lee', 'Bo Chan', 'Cy Diaz']);
  });
});
