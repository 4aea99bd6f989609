/**
 * SheetJS and officecrypto-tool, loaded on first use: a CSV never needs them, and loading them takes
 * a good part of the `census` command's start-up (about 0.15 s of 0.3 s on a small CSV). Synchronous
 * (createRequire), so the callers stay as they are; the objects behave as the packages' own modules.
 */
import { createRequire } from 'node:module';

type SheetJs = typeof import('xlsx');
type OfficeCrypto = typeof import('officecrypto-tool');

const load = createRequire(import.meta.url);
let sheetjs: SheetJs | null = null;
let crypto: OfficeCrypto | null = null;

function lazy<T extends object>(get: () => T): T {
  return new Proxy({} as T, { get: (_target, key) => (get() as Record<PropertyKey, unknown>)[key] });
}

/** The SheetJS module (the package 'xlsx'), loaded when a workbook is first read or written. */
export const XLSX: SheetJs = lazy(() => (sheetjs ??= load('xlsx') as SheetJs));
/** officecrypto-tool, loaded when a protected workbook is first decrypted. */
export const officeCrypto: OfficeCrypto = lazy(() => {
  if (!crypto) {
    const m = load('officecrypto-tool') as OfficeCrypto & { default?: OfficeCrypto };
    crypto = m.default ?? m;
  }
  return crypto;
});

type PapaParse = typeof import('papaparse');
let papa: PapaParse | null = null;
/**
 * papaparse through require(): importing this CommonJS package from an ES module makes Node scan its
 * 100 KB source for named exports first (cjs-module-lexer), about 25 ms of every start-up.
 */
export const Papa: PapaParse = lazy(() => {
  if (!papa) {
    const m = load('papaparse') as PapaParse & { default?: PapaParse };
    papa = m.default ?? m;
  }
  return papa;
});
