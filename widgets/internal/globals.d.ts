/** Build-time constants, replaced by @rollup/plugin-replace (see rollup.widgets.config.mjs). */

/** package.json version. Undefined outside a rollup build (tests, tsx), hence the typeof guards. */
declare const __BENEFOLD_VERSION__: string;

/**
 * The loader's element table: tag -> [entry chunk, ...chunks it statically imports], paths relative
 * to widgets.js. Built from the chunk graph of the element build.
 */
declare const __BENEFOLD_CHUNKS__: Record<string, string[]>;

/**
 * The census engine worker's file (private mode, issue 29), relative to the element chunks, e.g.
 * './census-engine-worker-[hash].js'. Undefined outside a rollup build, hence the typeof guard.
 */
declare const __BENEFOLD_ENGINE_WORKER__: string | null;

/** The qrcode package's encoder alone (lib/core/qrcode.js); @types/qrcode only types the package root. */
declare module 'qrcode/lib/core/qrcode' {
  const QRCodeCore: {
    create(
      text: string,
      options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
    ): { modules: { size: number; data: Uint8Array } };
  };
  export default QRCodeCore;
}
