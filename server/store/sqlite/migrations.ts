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
  {
    id: 3,
    name: 'census cases, their files and contact requests; the mail outbox',
    // Portable SQL (TEXT/INTEGER, ISO times, no SQLite-only functions in queries) so that a shared
    // database can take over when the service runs on several machines.
    up: `
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
        id INTEGER PRIMARY KEY,
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
    // One row per message the SMTP intake accepted (store/intake-log.ts): the same Message-ID
    // from the same envelope sender is taken once (an MTA retry after a lost 250), and the rows of
    // the last 24 hours are the per-sender and per-IP daily limits. state: 'taking' while the
    // message is being stored, 'taken' once it is. Rows are deleted after 7 days.
    // PostgreSQL: its migration 2.
    up: `
      CREATE TABLE census_intake_log (
        id INTEGER PRIMARY KEY,
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
    // not): CaseStore.legacyIds/rekey. PostgreSQL: its migration 3.
    up: `
      ALTER TABLE census_cases ADD COLUMN sealed_id TEXT;
    `,
  },
  {
    id: 6,
    name: 'census cases carry their client, for fair sharing of the job threads',
    // A keyed hash of who sent the case (security/client-key.ts; never the IP itself): while another
    // client's case waits, a client already running its share of the jobs is passed over
    // (jobs/queue.ts). Rows from before have none and are never passed over. PostgreSQL: its migration 4.
    up: `
      ALTER TABLE census_cases ADD COLUMN client_key TEXT;
      CREATE INDEX census_cases_client ON census_cases (client_key, status);
    `,
  },
];
