/**
 * Generated census files of a known size and known figures (every member an active employee), and
 * the large workbook of the memory probe (issue 31): numbersWorkbook, an XLSX of `rows` rows x `cols`
 * numbers under a header row (249,000 x 20 is about 3.4 MB, inside the 5 MB upload limit and the
 * 5,000,000-cell limit), written as a stream with fflate so the test itself stays small.
 */
import { createWriteStream } from 'node:fs';
import { Zip, ZipDeflate, strToU8 } from 'fflate';

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez'];

/** A long-layout CSV of `rows` distinct employees (so totalLives = rows). */
export function censusCsv(rows: number): Buffer {
  const lines = ['Employee ID,First Name,Last Name,Relationship,Date of Birth,Gender,Zip,Annual Salary,Status'];
  for (let i = 0; i < rows; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const day = String((i % 28) + 1).padStart(2, '0');
    const year = 1950 + (i % 50);
    lines.push(`E${String(i).padStart(7, '0')},${FIRST[i % 10]},${LAST[(i * 7) % 10]}${i},Employee,${month}/${day}/${year},${i % 2 ? 'F' : 'M'},0${2100 + (i % 50)},${30000 + (i % 90) * 1000},Active`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** The most rows that stay under `bytes`. */
export function censusCsvUnder(bytes: number): { csv: Buffer; rows: number } {
  let rows = Math.floor(bytes / 80);
  let csv = censusCsv(rows);
  while (csv.length > bytes) {
    rows = Math.floor(rows * 0.97);
    csv = censusCsv(rows);
  }
  return { csv, rows };
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Census" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** The first columns carry census headers, so the rows are read as members; the rest are plain numbers. */
const NAMED = ['Employee ID', 'Age', 'Annual Salary', 'Zip'];
function numberAt(i: number, c: number): number {
  if (c === 0) return 100000 + i;
  if (c === 1) return 20 + (i % 45);
  if (c === 2) return 30000 + (i % 90) * 1000;
  if (c === 3) return 10001 + (i % 500);
  return (i % 7) * c;
}

/** Writes the workbook to `path`; resolves with its size in bytes. Numbers are deterministic. */
export function numbersWorkbook(path: string, rows = 249_000, cols = 20): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(path);
    let size = 0;
    const zip = new Zip((err, chunk, final) => {
      if (err) return reject(err);
      size += chunk.length;
      out.write(chunk);
      if (final) out.end(() => resolve(size));
    });
    for (const [name, text] of [
      ['[Content_Types].xml', CONTENT_TYPES],
      ['_rels/.rels', RELS],
      ['xl/workbook.xml', WORKBOOK],
      ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
    ]) {
      const part = new ZipDeflate(name);
      zip.add(part);
      part.push(strToU8(text), true);
    }
    const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
    zip.add(sheet);
    const cells = (r: number, values: string[]) =>
      values.map((v) => (/^\d/.test(v) ? `<c><v>${v}</v></c>` : `<c t="inlineStr"><is><t>${v}</t></is></c>`)).join('');
    const header = Array.from({ length: cols }, (_, c) => NAMED[c] ?? `Value ${c + 1}`);
    sheet.push(strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${cells(1, header)}</row>`));
    let batch: string[] = [];
    for (let r = 2; r <= rows + 1; r++) {
      const values = Array.from({ length: cols }, (_, c) => String(numberAt(r - 1, c)));
      batch.push(`<row r="${r}">${cells(r, values)}</row>`);
      if (batch.length === 5000) {
        sheet.push(strToU8(batch.join('')));
        batch = [];
      }
    }
    sheet.push(strToU8(`${batch.join('')}</sheetData></worksheet>`), true);
    zip.end();
  });
}
