/**
 * widgets.js - the one classic script a page includes:
 *
 *   <script src="https://api.benefold.example/widgets/widgets.js" data-api-base="https://api.benefold.example"></script>
 *   <case-study-form></case-study-form>
 *
 * Built by rollup.widgets.config.mjs as an IIFE (no top-level import statements), at most 4 KB
 * gzipped. It defines window.Benefold and loads each element's ES-module chunk (next to this file)
 * with a dynamic import() the first time the element appears. The element table
 * (__BENEFOLD_CHUNKS__) is injected at build time from the chunk graph; the list of elements is
 * widgets/elements.mjs.
 */
import { startLoader } from './internal/autoloader';
import { VERSION } from './internal/version';

startLoader({
  table: __BENEFOLD_CHUNKS__,
  version: VERSION,
  script: document.currentScript as HTMLScriptElement | null,
  importer: (url) => import(/* @vite-ignore */ url),
});
