/**
 * A module of the read stage imported on its first use: the workbook reader (./xlsx, with the
 * streaming reader and fflate) and the PDF and scan reader (./pdf, with the grid builder, pdf.js and
 * the OCR). A CSV needs none of them, so the `census` command's start-up neither compiles them nor
 * runs fflate's table set-up. The build keeps each in a chunk of its own.
 *
 * From TypeScript source in a job's worker thread (tests, `npm run dev`), tsx compiles the thread's
 * modules to CommonJS and their import() has no TypeScript resolution: the module is then required
 * instead, as tsx's require can. A failed import is tried again by the next call.
 *
 *   const pdfReader = lazyModule(() => import('./pdf'), './pdf', import.meta.url);
 *   const { readPdf } = await pdfReader();
 *
 * The engine's browser bundle takes ./lazy-module.browser.ts (no node:module there).
 */
import { createRequire } from 'node:module';

export interface LazyModule<T> {
  (): Promise<T>;
  /** True once the module was asked for: a clean-up that must not load it asks this first. */
  loaded(): boolean;
}

/** `importIt` is the literal import() (so that the bundler sees it); `specifier` the same path, for require. */
export function lazyModule<T>(importIt: () => Promise<T>, specifier: string, base: string): LazyModule<T> {
  let module: Promise<T> | null = null;
  const get = () =>
    (module ??= importIt()
      .catch((err: unknown) => {
        if ((err as { code?: string } | null)?.code !== 'ERR_MODULE_NOT_FOUND' || !base.endsWith('.ts')) throw err;
        return createRequire(base)(specifier) as T;
      })
      .catch((err: unknown) => {
        module = null; // tried again by the next call
        throw err;
      }));
  return Object.assign(get, { loaded: () => module !== null });
}
