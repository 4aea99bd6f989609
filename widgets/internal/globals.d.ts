/** Build-time constants, replaced by @rollup/plugin-replace (see rollup.widgets.config.mjs). */

/** package.json version. Undefined outside a rollup build (tests, tsx), hence the typeof guards. */
declare const __BENEFOLD_VERSION__: string;

/**
 * The loader's element table: tag -> [entry chunk, ...chunks it statically imports], paths relative
 * to widgets.js. Built from the chunk graph of the element build.
 */
declare const __BENEFOLD_CHUNKS__: Record<string, string[]>;
