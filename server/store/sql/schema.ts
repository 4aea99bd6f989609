/**
 * The database schema, one list for both databases: portable SQL, with the column types that differ
 * taken from the dialect (sql/dialect.ts). Append-only: never edit or reorder an entry that has
 * shipped; add a new one at the end (a new column: `ALTER TABLE ... ADD COLUMN ...`, then the
 * queries in sql/<store>.ts). Each runs once per database, in its own transaction, and is recorded
 * in schema_migrations (runners: sqlite/db.ts, postgres/migrate.ts).
 *
 * Ids 1-5 are those the SQLite databases already carry. Id 6 is kept for census_cases.client_key
 * (fair sharing of the job threads), numbered 6 for SQLite and 4 for PostgreSQL on the job queue's
 * branch before this list: it lands here as 6. PostgreSQL databases made before this list numbered
 * their own (1 = 1, 2, 3, 7, 8 here; 2 = 4; 3 = 5; 4 = 6): postgres/migrate.ts rewrites their records
 * once, so no table is made twice.
 */
import type { Dialect, DialectName } from './dialect';

export interface Migration {
  id: number;
  name: string;
  /** The SQL for this database; empty for a step that belongs to the other database only. */
  up: string;
}

interface Step {
  id: number;
  name: string;
  /** A step for one database only (recorded as done on the other, so the ids stay one list). */
  only?: DialectName;
  up: (d: Dialect) => string;
}

const STEPS: Step[] = [
  {
    id: 1,
    name: 'mailing list subscriptions',
    up: (d) => `
      CREATE TABLE mailing_list (
        id ${d.autoId},
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
    up: () => `
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
  {
    id: 3,
    name: 'census cases, their files and contact requests; the mail outbox',
    up: (d) => `
      CREATE TABLE census_cases (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        message TEXT,
        code TEXT,
        run INTEGER NOT NULL DEFAULT 1,
        attempts INTEGER NOT NULL DEFAULT 0,
        lease_owner TEXT,
        lease_until TEXT,
        result_key TEXT,
        as_of TEXT NOT NULL,
        source TEXT NOT NULL,
        reply_to TEXT,
        smtp_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        completed_at TEXT
      );
      CREATE INDEX census_cases_status ON census_cases (status, lease_until);
      CREATE INDEX census_cases_created ON census_cases (created_at);
      CREATE TABLE census_files (
        id TEXT PRIMARY KEY,
        case_id TEXT NOT NULL REFERENCES census_cases (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        file_name TEXT NOT NULL,
        stored_name TEXT NOT NULL,
        size INTEGER NOT NULL,
        password TEXT,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX census_files_name ON census_files (case_id, file_name);
      CREATE TABLE census_contacts (
        id ${d.autoId},
        case_id TEXT NOT NULL REFERENCES census_cases (id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        kind TEXT NOT NULL,
        created_at TEXT NOT NULL,
        mailed_at TEXT
      );
      CREATE UNIQUE INDEX census_contacts_unique ON census_contacts (case_id, email, kind);
      CREATE TABLE mail_outbox (
        id TEXT PRIMARY KEY,
        dedupe_key TEXT UNIQUE,
        to_address TEXT NOT NULL,
        message TEXT NOT NULL,
        created_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease_until TEXT,
        sent_at TEXT,
        failed_at TEXT,
        last_error TEXT
      );
      CREATE INDEX mail_outbox_due ON mail_outbox (sent_at, failed_at, next_attempt_at);
      CREATE INDEX mail_outbox_recipient ON mail_outbox (to_address, created_at);
    `,
  },
  {
    id: 4,
    name: 'census intake log: de-duplication of e-mailed census and daily intake limits',
    // One row per message the SMTP intake accepted (store/intake-log.ts says what the rows mean). A
    // NULL message_id never conflicts (both databases treat NULLs as distinct).
    up: (d) => `
      CREATE TABLE census_intake_log (
        id ${d.autoId},
        sender TEXT NOT NULL,
        remote_ip TEXT NOT NULL,
        message_id TEXT,
        state TEXT NOT NULL,
        received_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX census_intake_log_message ON census_intake_log (message_id, sender);
      CREATE INDEX census_intake_log_sender ON census_intake_log (sender, received_at);
      CREATE INDEX census_intake_log_ip ON census_intake_log (remote_ip, received_at);
    `,
  },
  {
    id: 5,
    name: 'census case ids stored only as a keyed hash, the id sealed beside it',
    // The case id is a bearer secret (whoever holds it reads the member list): the row's key becomes
    // HMAC(case-id key, id) and the id itself is kept only sealed. Rows from before (sealed_id NULL)
    // are moved to their hashed key at start-up by the census service (it holds the key, SQL does
    // not): CaseStore.legacyIds/rekey.
    up: () => `
      ALTER TABLE census_cases ADD COLUMN sealed_id TEXT;
    `,
  },
  {
    id: 6,
    name: 'census cases carry their client, for fair sharing of the job threads',
    up: () => `
      ALTER TABLE census_cases ADD COLUMN client_key TEXT;
      CREATE INDEX census_cases_client ON census_cases (client_key, status);
    `,
  },
  {
    id: 7,
    name: 'mailing list by creation time (the retention purge)',
    // IF NOT EXISTS: the PostgreSQL databases made before the one schema have it already.
    up: () => `
      CREATE INDEX IF NOT EXISTS mailing_list_created ON mailing_list (created_at);
    `,
  },
  {
    id: 8,
    name: 'census file blobs',
    // With PostgreSQL the files live in the database, sealed (AES-256-GCM) before they get here;
    // with SQLite they are files in DATA_DIR (store/disk-files.ts). A file's case row may not exist
    // yet (written just before it) or any more (deleted): no foreign key; the case's delete removes
    // its blobs, the sweep removes orphans. IF NOT EXISTS as in 7.
    only: 'postgres',
    up: (d) => `
      CREATE TABLE IF NOT EXISTS census_blobs (
        case_id TEXT NOT NULL,
        name TEXT NOT NULL,
        bytes ${d.bytes} NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (case_id, name)
      );
    `,
  },
];

/** Where each database records the steps it ran (the same table in both). */
export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL
)`;

/** The steps in id order; a list with an id twice is refused (two steps would claim one record). */
export function inOrder(migrations: Migration[]): Migration[] {
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length) throw new Error('Duplicate migration id');
  return [...migrations].sort((a, b) => a.id - b.id);
}

/** The schema as this database runs it. */
export function schemaFor(d: Dialect): Migration[] {
  return STEPS.map((s) => ({ id: s.id, name: s.name, up: s.only && s.only !== d.name ? '' : s.up(d) }));
}
