/**
 * The browser twin of ./names-table.ts (private mode, issue 29): the table imported statically into
 * the engine worker's bundle (rollup.widgets.config.mjs), which loads only when private mode is used.
 */
import table from './data/first-names.json';
import type { NameTable } from './names-table';

export function readNameTable(): NameTable {
  return table as NameTable;
}
