/** The schema (sql/schema.ts) as SQLite runs it. */
import { SQLITE } from '../sql/dialect';
import { schemaFor, type Migration } from '../sql/schema';

export type { Migration };
export const MIGRATIONS: Migration[] = schemaFor(SQLITE);
