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
