/**
 * The limits of the PDF reader (issue 30) and the sentences it says, apart from pdf.ts so that the
 * browser's twin (pdf.browser.ts: private mode refuses documents) says the same without pdf.js.
 */
import { formatCount } from './limits';

/** Pages past this are refused (issue 30: a census is a few pages; a long document is something else). */
export const MAX_PDF_PAGES = 20;
/** Text items of one page past this: not a table we can read (a page of a census holds a few thousand). */
export const MAX_PAGE_ITEMS = 50_000;

export const PDF_TEXT = {
  tooManyPages: (n: number) =>
    `This PDF has ${formatCount(n)} pages; we read census PDFs of up to ${MAX_PDF_PAGES} pages. Send the pages that hold the census, or the spreadsheet it was printed from.`,
  noTable: (n: number) => `No census table was found on the ${n === 1 ? 'page' : `${formatCount(n)} pages`} of this PDF.`,
  noText: (n: number) =>
    `This PDF has no text to read on its ${n === 1 ? 'page' : `${formatCount(n)} pages`}, neither as text nor as a scanned image. Send the spreadsheet the census was made from, or a PDF saved from it.`,
  encryptedUnsupported: 'This PDF is encrypted in a way we cannot open. Save it again without a password (Print > Save as PDF) and upload that.',
  damaged: 'This PDF could not be read; it may be damaged. Save it again (Print > Save as PDF) and upload that.',
  notInBrowser: 'PDFs are read on our server, not in the page: turn private mode off to read this PDF, or choose the spreadsheet it was printed from.',
  imageNotInBrowser:
    'Scanned pages are read on our server, not in the page: turn private mode off to read this image, or choose the spreadsheet the census was made from.',
  register: (sheet: string, employees: number) =>
    `Read ${sheet} as a payroll register: ${formatCount(employees)} ${employees === 1 ? 'employee' : 'employees'}, one for each block of lines an 'Employee Totals' line closes; only names and ids were taken (its pay lines are a pay period's, not salaries). Check them against the report.`,
  tooManyItems: (page: number) => `Page ${page} of this PDF holds more text than a census page; it cannot be read as a table.`,
} as const;
