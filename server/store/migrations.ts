/**
 * The database schema, as an append-only list of migrations. Never edit or reorder an entry that
 * has shipped; add a new one (a later issue adds the census cases here). Each runs once, in its own
 * transaction, and is recorded in schema_migrations.
 */
import type { Database } from 'better-sqlite3';

export interface Migration {
  id: number;
  name: string;
  up: string | ((db: Database) => void);
}

export const MIGRATIONS: Migration[] = [
  {
    id: 1,
    name: 'mailing list subscriptions',
    up: `
      CREATE TABLE mailing_list (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL,
        list_type TEXT NOT NULL,
        list_identifier TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX mailing_list_unique ON mailing_list (lower(email), list_type, list_identifier);
    `,
  },
  {
    id: 2,
    name: 'case-study requests',
    up: `
      CREATE TABLE case_study_requests (
        id TEXT PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        case_study_name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        mailed_at TEXT,
        mail_error TEXT
      );
      CREATE INDEX case_study_requests_email ON case_study_requests (lower(email));
    `,
  },
];
