/**
 * The PostgreSQL schema, as an append-only list of migrations (like store/sqlite/migrations.ts:
 * never edit or reorder an entry that has shipped). The tables and columns are the SQLite ones, so
 * that both stores run the same SQL; times stay ISO-8601 text (they sort and compare as text).
 * Files live in census_blobs (bytea, AES-256-GCM sealed before they get here).
 */
export interface PgMigration {
  id: number;
  name: string;
  up: string;
}

export const PG_MIGRATIONS: PgMigration[] = [
  {
    id: 1,
    name: 'mailing list, case-study requests, census cases, files, contacts, mail outbox, file blobs',
    up: `
      CREATE TABLE mailing_list (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email TEXT NOT NULL,
        list_type TEXT NOT NULL,
        list_identifier TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX mailing_list_unique ON mailing_list (lower(email), list_type, list_identifier);
      CREATE INDEX mailing_list_created ON mailing_list (created_at);
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
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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
      -- A file's case row may not exist yet (written just before it) or any more (deleted): no
      -- foreign key; the case's delete removes its blobs, the sweep removes orphans.
      CREATE TABLE census_blobs (
        case_id TEXT NOT NULL,
        name TEXT NOT NULL,
        bytes BYTEA NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (case_id, name)
      );
    `,
  },
  {
    id: 2,
    name: 'census intake log: de-duplication of e-mailed census and daily intake limits',
    // The SQLite store's migration 4 (store/intake-log.ts says what the rows mean). A NULL
    // message_id never conflicts (PostgreSQL treats NULLs as distinct), as in SQLite.
    up: `
      CREATE TABLE census_intake_log (
        id BIGSERIAL PRIMARY KEY,
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
    id: 3,
    name: 'census case ids stored only as a keyed hash, the id sealed beside it',
    // The SQLite store's migration 5: rows from before keep sealed_id NULL until the census service
    // moves them to their hashed key at start-up (it holds the key).
    up: `
      ALTER TABLE census_cases ADD COLUMN sealed_id TEXT;
    `,
  },
  {
    id: 4,
    name: 'census cases carry their client, for fair sharing of the job threads',
    // The SQLite store's migration 6: a keyed hash of who sent the case (never the IP itself).
    up: `
      ALTER TABLE census_cases ADD COLUMN client_key TEXT;
      CREATE INDEX census_cases_client ON census_cases (client_key, status);
    `,
  },
];
