/**
 * A streaming XLSX writer: sheets are written row by row into a deflated ZIP (fflate), so that
 * writing a workbook costs its rows' XML one batch at a time and the compressed output, never a
 * cell object per cell or the whole sheet's XML (SheetJS's writer held both: 5.3 GB for 249,000
 * rows x 46 columns, issue 31).
 *
 * The ZIP container is fflate's; each part is deflated one batch at a time by ./deflated-part.ts
 * (zlib on the server, with sync flushes that join the batches into one deflate stream; fflate's
 * streaming deflate in the engine worker of private mode, through its browser twin).
 *
 * What it writes is the small subset of SpreadsheetML our exports use: numbers, booleans, inline
 * strings (text that stays text: a ZIP's leading zero), and numbers shown through a date format
 * (real date cells). No shared-strings table (it would have to be held until the end), no styles
 * but the date formats, no formulas ever.
 *
 *   const book = new XlsxStream((chunk) => out.push(chunk));
 *   book.startSheet('Members', { dateFormats: ['mm/dd/yyyy'] });
 *   book.row([1, 'Ann', new XlsxDate(29221, 'mm/dd/yyyy')]);
 *   book.endSheet();
 *   book.end();
 */
import { Zip } from 'fflate';
import { deflatedPart, type PushedPart } from './deflated-part';

/** A number shown through a date format (an Excel serial day). */
export class XlsxDate {
  constructor(readonly serial: number, readonly format: string) {}
}

export type XlsxCell = string | number | boolean | XlsxDate | null | undefined;

/** Rows of XML gathered before they are deflated: large enough to keep fflate's calls few, small in memory. */
const BATCH_CHARS = 256 * 1024;
const utf8 = new TextEncoder();
const strToU8 = (s: string) => utf8.encode(s);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * Text as XML character data. Characters XML 1.0 cannot hold (controls other than tab, LF and CR,
 * lone surrogates) are written as Excel's _xHHHH_ escapes, and a literal '_xHHHH_' in the text is
 * itself escaped (_x005F_), so that Excel shows back exactly the text given.
 */
export function xmlText(s: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]|_x[0-9a-fA-F]{4}_/.test(s)) return s;
  return (
    s
      .replace(/_(x[0-9a-fA-F]{4}_)/g, '_x005F_$1')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
  );
}

/** A column's letters: 0 -> A, 26 -> AA. */
export function columnName(c: number): string {
  let s = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

interface SheetState {
  name: string;
  part: PushedPart;
  rows: number;
  maxCol: number;
  batch: string[];
  batchChars: number;
}

export class XlsxStream {
  private readonly zip: Zip;
  private readonly sheets: string[] = [];
  /** Date formats by their style index (cellXfs: 0 is the default style). */
  private readonly dateStyles = new Map<string, number>();
  private sheet: SheetState | null = null;
  private failure: Error | null = null;
  /** Column letters by index, made once. */
  private readonly letters: string[] = [];

  constructor(onChunk: (chunk: Uint8Array) => void) {
    this.zip = new Zip((err, chunk) => {
      if (err) this.failure = err;
      else onChunk(chunk);
    });
  }

  /**
   * Starts a sheet. The date formats its cells will use must be named here or on an earlier sheet:
   * the styles part is written last, but a cell's style index is fixed when it is written.
   */
  startSheet(name: string, dateFormats: readonly string[] = []): void {
    if (this.sheet) throw new Error('XlsxStream: end the sheet before starting another');
    for (const f of dateFormats) if (!this.dateStyles.has(f)) this.dateStyles.set(f, this.dateStyles.size + 1);
    this.sheets.push(name);
    const part = deflatedPart(`xl/worksheets/sheet${this.sheets.length}.xml`);
    this.zip.add(part);
    part.push(strToU8(`${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheetData>`));
    this.sheet = { name, part, rows: 0, maxCol: -1, batch: [], batchChars: 0 };
  }

  private letter(c: number): string {
    return (this.letters[c] ??= columnName(c));
  }

  /** One row of the current sheet (null and undefined cells are left empty). */
  row(cells: readonly XlsxCell[]): void {
    const s = this.sheet;
    if (!s) throw new Error('XlsxStream: no sheet started');
    const r = ++s.rows;
    let xml = `<row r="${r}">`;
    for (let c = 0; c < cells.length; c++) {
      const v = cells[c];
      if (v === null || v === undefined || v === '') continue;
      const ref = `${this.letter(c)}${r}`;
      if (typeof v === 'number') xml += Number.isFinite(v) ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
      else if (typeof v === 'string') xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(v)}</t></is></c>`;
      else if (typeof v === 'boolean') xml += `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
      else {
        const style = this.dateStyles.get(v.format);
        if (style === undefined) throw new Error(`XlsxStream: date format '${v.format}' was not named when the sheet started`);
        xml += `<c r="${ref}" s="${style}"><v>${v.serial}</v></c>`;
      }
      if (c > s.maxCol) s.maxCol = c;
    }
    xml += '</row>';
    s.batch.push(xml);
    s.batchChars += xml.length;
    if (s.batchChars >= BATCH_CHARS) this.flush(false);
  }

  private flush(final: boolean): void {
    const s = this.sheet!;
    const text = s.batch.join('') + (final ? '</sheetData></worksheet>' : '');
    s.batch = [];
    s.batchChars = 0;
    s.part.push(strToU8(text), final);
    this.check();
  }

  endSheet(): void {
    if (!this.sheet) return;
    this.flush(true);
    this.sheet = null;
  }

  /** Writes the workbook's own parts and closes the ZIP; every chunk has then been given. */
  end(): void {
    this.endSheet();
    if (this.sheets.length === 0) throw new Error('XlsxStream: a workbook needs a sheet');
    const parts: [string, string][] = [
      ['[Content_Types].xml', this.contentTypes()],
      ['_rels/.rels', `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
      ['xl/workbook.xml', this.workbook()],
      ['xl/_rels/workbook.xml.rels', this.workbookRels()],
      ['xl/styles.xml', this.styles()],
    ];
    for (const [name, xml] of parts) {
      const part = deflatedPart(name);
      this.zip.add(part);
      part.push(strToU8(xml), true);
    }
    this.zip.end();
    this.check();
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  private contentTypes(): string {
    const sheets = this.sheets
      .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
      .join('');
    return (
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      `${sheets}</Types>`
    );
  }

  private workbook(): string {
    const sheets = this.sheets.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
    return `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets>${sheets}</sheets></workbook>`;
  }

  private workbookRels(): string {
    const n = this.sheets.length;
    const sheets = this.sheets
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join('');
    return `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">${sheets}<Relationship Id="rId${n + 1}" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`;
  }

  /** Style 0 is the default; style k (1-based) shows a number through the k-th date format (ids from 164, the first custom id). */
  private styles(): string {
    const formats = [...this.dateStyles.keys()];
    const numFmts = formats.length
      ? `<numFmts count="${formats.length}">${formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(f)}"/>`).join('')}</numFmts>`
      : '';
    const xfs = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>', ...formats.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`)];
    return (
      `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">${numFmts}` +
      '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}
