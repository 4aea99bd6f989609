/**
 * The browser twin of ./sheetjs.ts, for the engine in a Web Worker (private mode, issue 29): chosen
 * by the worker's bundle (rollup.widgets.config.mjs resolves `./sheetjs` to this file there), never
 * by a check in the reader. SheetJS's ES build and papaparse are imported statically (the worker is
 * loaded only when private mode is used, so there is no start-up to save).
 *
 * officecrypto-tool is Node-only (node:crypto ciphers, Buffer streams) and not bundled here: a
 * protected workbook is decrypted by ./encryption.browser.ts instead (the same schemes, the same bytes).
 */
import * as SheetJs from 'xlsx';
import PapaParse from 'papaparse';

type OfficeCrypto = typeof import('officecrypto-tool');

export const XLSX: typeof import('xlsx') = SheetJs;

export const officeCrypto: OfficeCrypto = {
  decrypt: () => Promise.reject(new Error('Decrypting a workbook is not supported in private mode.')),
  encrypt: () => {
    throw new Error('Encrypting a workbook is not supported in private mode.');
  },
  isEncrypted: () => false,
} as unknown as OfficeCrypto;

export const Papa: typeof import('papaparse') = PapaParse;
