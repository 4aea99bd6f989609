/**
 * Payroll registers (issue 30: "payroll registers as text PDFs and as sideways scans"): a payroll
 * system prints each employee as a block of lines (pay lines, taxes, deductions) closed by an
 * 'Employee Totals' line, not as one row of a table. Read as a table, such a page gives rows of pay
 * lines and no person. Here a page whose lines include an employee's totals line is read as a
 * register: one row per employee, with the name and the id the block gives. Pure, on the grid
 * builder's lines (pdf-grid.ts calls it before looking for tables on a page).
 *
 * Two ways a register says who a block is:
 *   labelled   a cell 'Emp# 1009' (or 'Emp. No. 26', 'Employee ID: 4') with the name beside it on the
 *              same line, or a line starting with the id and the name ('1004 Kayla Collins'): each
 *              such line is one employee;
 *   stacked    a header of several lines whose first column names what each line of a block holds
 *              ('Employee Name' over 'Emp. No.' over 'Pay Freq.'): the block's first cell on the name's
 *              line is the name, on the id's line the id; each block ends at its totals line.
 * Only names and ids are taken (a register's pay lines are a period's, not a salary): the read's
 * review says so and asks for a check.
 */
import { ruleWords } from '../lang';
import { leadsWith, literalAlternation } from '../lang/rule-words';

export interface RegisterSegment {
  text: string;
  x0: number;
  x1: number;
  confidence?: number;
}

export interface RegisterLine {
  y: number;
  height: number;
  segments: RegisterSegment[];
  index?: number;
}

export interface RegisterRead {
  /** Header then one row per employee: [name, id] (the id column only when some block gives one). */
  rows: (string | null)[][];
  /** Lowest confidence of each cell (OCR), beside rows. */
  confidence: (number | undefined)[][];
  /** The line each row's name is printed on (1-based), header first. */
  lines: number[];
}

/** The words of a register's labels, the packs' (RuleWords register*), as one alternation each. */
const words = (kind: 'registerPerson' | 'registerId' | 'registerName') => literalAlternation(ruleWords(kind));
let labels: { idLabel: RegExp; idHeader: RegExp; nameHeader: RegExp } | undefined;
/**
 * idLabel: a cell holding an employee's id after its label ('Emp# 1009', 'Emp. No. 26', 'Employee ID: A12');
 * idHeader: a header cell naming the id ('Emp. No.', 'Emp #', 'Employee ID'); nameHeader: one naming the
 * name ('Employee Name', 'Emp. Name', 'Name').
 */
function registerLabels() {
  if (labels) return labels;
  const [person, id, name] = [words('registerPerson'), words('registerId'), words('registerName')];
  return (labels = {
    idLabel: new RegExp(`^${person}\\.?\\s*${id}(?![a-z])\\.?\\s*:?\\s*([A-Z]{0,4}-?\\d[\\w-]*)$`, 'i'),
    idHeader: new RegExp(`^${person}\\.?\\s*${id}\\.?$`, 'i'),
    nameHeader: new RegExp(`^(?:${person}\\.?\\s+)?${name}\\b`, 'i'),
  });
}
/** The line that closes an employee's block ('Employee Totals', 'Employee Total:', 'Employee Tot:'). */
const isEmployeeTotal = (text: string) => leadsWith('registerTotal', text);
/** A line's first cell holding an id and then a name: '1004 Kayla Collins'. */
const ID_THEN_NAME = /^([A-Z]{0,4}-?\d[\w-]*)\s+(\S.*)$/;
/** An id's value in a stacked register: digits, maybe after a few letters. */
const ID_VALUE = /^[A-Z]{0,4}-?\d[\w-]*$/i;
/**
 * A person's name as a register prints it: 'Golikowski, Roger D.', 'Natalie M Mendez', 'Eric M
 * Davis': two to four words, each starting with a capital, no digits, a comma after the last name.
 */
const NAME = /^[A-Z][A-Za-z'’-]+,?(?:\s+[A-Z][A-Za-z'’-]*\.?){1,3}$/;

const isName = (s: string | undefined) => s !== undefined && NAME.test(s);

/** Lines -> the register they print, or null when the page is not one (no employee's totals line, no name). */
export function readRegister(lines: RegisterLine[]): RegisterRead | null {
  const totals = lines.flatMap((l, i) => (l.segments[0] && isEmployeeTotal(l.segments[0].text) ? [i] : []));
  if (totals.length === 0) return null;
  const people = labelled(lines) ?? stacked(lines, totals);
  if (!people || people.length === 0) return null;
  const withId = people.some((p) => p.id !== null);
  const header = withId ? ['Employee Name', 'Employee ID'] : ['Employee Name'];
  return {
    rows: [header, ...people.map((p) => (withId ? [p.name, p.id] : [p.name]))],
    confidence: [header.map(() => undefined), ...people.map((p) => (withId ? [p.nameConfidence, p.idConfidence] : [p.nameConfidence]))],
    lines: [people[0].line, ...people.map((p) => p.line)],
  };
}

interface Person {
  name: string;
  id: string | null;
  nameConfidence?: number;
  idConfidence?: number;
  line: number;
}

/** Each line with an 'Emp# 1009' cell and a name after it, or starting '1004 Kayla Collins', is an employee. */
function labelled(lines: RegisterLine[]): Person[] | null {
  const out: Person[] = [];
  for (const l of lines) {
    // '1004 Kayla Collins': the id and the name in the line's first cell, without a label.
    const first = l.segments[0] ? ID_THEN_NAME.exec(l.segments[0].text) : null;
    if (first) {
      // The name's last words may stand apart ('1004 Kayla' 'Collins').
      const rest = wordRun(l, 0);
      const name = [first[2], ...rest.map((s) => s.text)].join(' ');
      if (isName(name)) {
        const c = lowestOf([l.segments[0], ...rest]);
        out.push({ name, id: first[1], nameConfidence: c, idConfidence: l.segments[0].confidence, line: l.index ?? 0 });
        continue;
      }
    }
    const at = l.segments.findIndex((s) => registerLabels().idLabel.test(s.text));
    if (at < 0) continue;
    const name = nameAfter(l, at);
    if (!name) continue;
    const label = l.segments[at];
    out.push({ name: name.text, id: registerLabels().idLabel.exec(label.text)![1], nameConfidence: name.confidence, idConfidence: label.confidence, line: l.index ?? 0 });
  }
  return out.length ? out : null;
}

/** Words: letters, apostrophes, dots, commas and hyphens only. */
const WORDS = /^[A-Za-z'’.,-]+(?:\s[A-Za-z'’.,-]+)*$/;

/**
 * The name after a line's id label: the cells of words right after it, joined while they stand within
 * one and a half font heights of each other (OCR cuts 'Natalie' from 'M Mendez' where the print has a
 * wider space), when they read as a name; else a cell before the label that reads as one.
 */
/**
 * The cells of words after cell `at`, each within one and a half font heights of the one before
 * (the first one at any distance from a label: `afterLabel`).
 */
function wordRun(l: RegisterLine, at: number, afterLabel = false): RegisterSegment[] {
  const run: RegisterSegment[] = [];
  for (const s of l.segments.slice(at + 1)) {
    const prev = run[run.length - 1] ?? (afterLabel ? null : l.segments[at]);
    if (!WORDS.test(s.text) || (prev && s.x0 - prev.x1 > 1.5 * l.height)) break;
    run.push(s);
  }
  return run;
}

const lowestOf = (cells: RegisterSegment[]) =>
  cells.reduce<number | undefined>((m, s) => (s.confidence === undefined ? m : m === undefined ? s.confidence : Math.min(m, s.confidence)), undefined);

function nameAfter(l: RegisterLine, at: number): RegisterSegment | undefined {
  const run = wordRun(l, at, true);
  if (run.length) {
    const text = run.map((s) => s.text).join(' ');
    const confidence = lowestOf(run);
    if (isName(text)) return { text, x0: run[0].x0, x1: run[run.length - 1].x1, ...(confidence !== undefined ? { confidence } : {}) };
  }
  // A name printed before its label ('Ann Lee  Emp# 4'); never any words further on ('Credit Weeks').
  return l.segments.slice(0, at).find((s) => isName(s.text));
}

/**
 * A stacked header: the run of lines without digits that holds a 'Name' header cell in its first
 * column; block line k is labelled by header line k. Blocks start after the header or after an
 * employee's totals line, their leading department lines ('Department: Sales', 'Dept 003 Tot:')
 * left out, and end at the next totals line.
 */
function stacked(lines: RegisterLine[], totals: number[]): Person[] | null {
  const nameAt = lines.findIndex((l, i) => i < totals[0] && l.segments[0] !== undefined && registerLabels().nameHeader.test(l.segments[0].text));
  if (nameAt < 0) return null;
  const x = lines[nameAt].segments[0].x0;
  const tolerance = lines[nameAt].height;
  const header: RegisterLine[] = [];
  for (let i = nameAt; i < totals[0] && !/\d/.test(lines[i].segments.map((s) => s.text).join(' ')); i++) header.push(lines[i]);
  const firstCell = (l: RegisterLine | undefined) => (l && l.segments[0] && Math.abs(l.segments[0].x0 - x) <= 2 * tolerance ? l.segments[0] : undefined);
  const nameLine = header.findIndex((l) => registerLabels().nameHeader.test(firstCell(l)?.text ?? ''));
  const idLine = header.findIndex((l) => registerLabels().idHeader.test(firstCell(l)?.text ?? ''));
  // A stacked header has two lines or more; a table's one-line header over rows of names, with a
  // totals line under it, is a table (its rows are people), not a register.
  if (header.length < 2 || nameLine < 0) return null;
  const out: Person[] = [];
  let start = nameAt + header.length;
  for (const t of totals) {
    let block = lines.slice(start, t);
    start = t + 1;
    while (block.length && /^dep(?:artmen)?t\b|\btot(?:al)?s?\s*:?$/i.test(block[0].segments[0]?.text ?? '')) block = block.slice(1);
    // A block is one person: more than one name in its first column is a table's rows.
    if (block.filter((l) => isName(firstCell(l)?.text)).length > 1) return null;
    const name = firstCell(block[nameLine]);
    if (!name || !isName(name.text)) continue;
    const id = idLine >= 0 ? firstCell(block[idLine]) : undefined;
    const idText = id && ID_VALUE.test(id.text) ? id.text : null;
    out.push({ name: name.text, id: idText, nameConfidence: name.confidence, idConfidence: idText ? id!.confidence : undefined, line: block[nameLine].index ?? 0 });
  }
  return out.length ? out : null;
}
