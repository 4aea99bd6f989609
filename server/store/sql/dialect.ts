/**
 * The few places where SQLite and PostgreSQL differ, all of them: every other line of SQL in the
 * store (schema and queries) is written once and runs on both.
 *
 * Times are ISO-8601 text in both (they sort and compare as text, and the SQLite databases that
 * exist already hold them so); there are no booleans in the schema.
 */
export type DialectName = 'sqlite' | 'postgres';

export interface Dialect {
  readonly name: DialectName;
  /** The column type of a key the database numbers itself. */
  readonly autoId: string;
  /** The column type of raw bytes. */
  readonly bytes: string;
  /**
   * Appended to a SELECT that reads rows it is about to change in the same transaction. PostgreSQL
   * locks the rows; SQLite has no row locks and needs none (its write transactions hold the whole
   * database: BEGIN IMMEDIATE, and the gate in-process).
   */
  readonly forUpdate: string;
  /**
   * Appended to the SELECT inside an UPDATE that hands work out (a case, due mails): PostgreSQL
   * skips rows another server is taking at this moment rather than wait for them; in SQLite one
   * statement runs alone.
   */
  readonly skipLocked: string;
  /** The SQL the database is sent: `?` placeholders as the database wants them. */
  readonly placeholders: (text: string) => string;
}

export const SQLITE: Dialect = {
  name: 'sqlite',
  // The rowid itself: numbered by SQLite, no separate sequence.
  autoId: 'INTEGER PRIMARY KEY',
  bytes: 'BLOB',
  forUpdate: '',
  skipLocked: '',
  placeholders: (text) => text,
};

export const POSTGRES: Dialect = {
  name: 'postgres',
  autoId: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
  bytes: 'BYTEA',
  forUpdate: ' FOR UPDATE',
  skipLocked: ' FOR UPDATE SKIP LOCKED',
  placeholders: numbered,
};

/** `?` -> `$1`, `$2`, ... outside quoted strings (our SQL has no `?` inside literals, but be safe). */
export function numbered(text: string): string {
  let n = 0;
  let quoted = false;
  let out = '';
  for (const ch of text) {
    if (ch === "'") quoted = !quoted;
    out += ch === '?' && !quoted ? `$${++n}` : ch;
  }
  return out;
}
