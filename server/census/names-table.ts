/**
 * The first-name table's data (./data/first-names.json), read when first needed: in Node through
 * require, resolved beside this module (server/census/data from source, dist/server/data once
 * compiled). The engine's browser worker (private mode) uses ./names-table.browser.ts instead, chosen
 * by its bundle.
 */
import { createRequire } from 'node:module';

export interface NameTable {
  source: string;
  licence: string;
  rule: string;
  male: string;
  female: string;
}

export function readNameTable(): NameTable {
  return createRequire(import.meta.url)('./data/first-names.json') as NameTable;
}
