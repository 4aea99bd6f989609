/**
 * Server configuration: environment variables with working defaults (docs/server.md lists them).
 *
 * `loadConfig(env, cwd)` is pure: it reads nothing but its arguments and touches no file. The
 * encryption key file (generated on first start when ENCRYPTION_KEY is unset) is handled by
 * security/keys.ts when the app is built.
 */
import { BRAND } from '../shared/brand';
import { isAbsolute, resolve } from 'node:path';
import { DAY_MS, RETENTION } from '../shared/constants';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface RateLimitSetting {
  /** Requests allowed per client IP per window. */
  max: number;
  timeWindowMs: number;
}

/** What a process does: everything (one machine), HTTP and SMTP intake only, or census jobs and mail only. */
export type Role = 'all' | 'api' | 'worker';
export const ROLES: Role[] = ['all', 'api', 'worker'];

export interface Config {
  /** all (default): serve and run jobs; api: HTTP + SMTP intake, no jobs; worker: jobs + outbox, health only. */
  role: Role;
  /** PostgreSQL for every row, file and job (several servers); null: SQLite and DATA_DIR (one machine). */
  databaseUrl: string | null;
  /** Redis for rate limits shared by every instance; null: each process counts its own. */
  redisUrl: string | null;
  port: number;
  host: string;
  /** Absolute path; holds benefold.db, keys/ and outbox/. */
  dataDir: string;
  /** Absolute path of the build output: site/, widgets/, files/. */
  distDir: string;
  /** Absolute path of the example embed pages, served at /examples/. */
  examplesDir: string;
  /** 32 bytes from ENCRYPTION_KEY, or null: then DATA_DIR/keys/encryption.key is used (created once). */
  encryptionKey: Buffer | null;
  /** The public base URL, without a trailing slash (links in mail and API answers). */
  publicUrl: string;
  /** Origins allowed to call the API from a browser (exact matches, normalised). */
  allowedOrigins: string[];
  /** Also allow any http://localhost:<port>, http://127.0.0.1:<port>, http://[::1]:<port> origin. */
  allowLocalOrigins: boolean;
  /** nodemailer SMTP URL; null writes mail as .eml files into DATA_DIR/outbox. */
  smtpUrl: string | null;
  /** The team address that receives 'Need help processing your file?' requests (HELP_EMAIL). */
  helpEmail: string;
  /** Census cases (rows, files, exports) are deleted after this many days. */
  retentionDays: number;
  /** Mailing-list rows and case-study requests are deleted after this many days. */
  formRetentionDays: number;
  /** Census jobs: worker threads, and the hard time limit of one case's processing. */
  census: {
    workers: number;
    timeLimitMs: number;
    /**
     * The heap one job thread may use, in MB (its V8 old generation: worker resourceLimits). A job
     * that needs more fails alone with JOB_TEXT.memory; the other jobs and the server go on.
     */
    memoryMb: number;
    /** How long a job's lease lasts without renewal: how soon a crashed server's case is taken again (SQLite). */
    leaseMs: number;
    /**
     * With PostgreSQL: how long a job may run before pg-boss hands it to another worker (a dead
     * worker's case); longer than the time limit plus the worker's start-up.
     */
    jobExpiryMs: number;
  };
  /** How often the retention sweep runs (once per cluster per period with PostgreSQL). */
  retentionSweepMs: number;
  /**
   * The census-by-e-mail SMTP listener: port (0 = any free port), or null when switched off; and how
   * many messages it takes per envelope sender and per connecting IP in 24 hours.
   */
  smtpIntake: { port: number; host: string; perSenderPerDay: number; perIpPerDay: number } | null;
  /** Read by the site build; the server does not use it. */
  analyticsId: string | null;
  rateLimits: {
    caseStudy: RateLimitSetting;
    mailingList: RateLimitSetting;
    censusUpload: RateLimitSetting;
    censusStatus: RateLimitSetting;
  };
  /** Fastify's trustProxy: true behind a reverse proxy so that rate limits see the client's IP. */
  trustProxy: boolean;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** Log every request (off by default: only start-up, warnings and errors are logged). */
  logRequests: boolean;
}

export const DEFAULTS = {
  port: 8080,
  // Local by default: `npm start` on a laptop must not offer census uploads (and the SMTP intake,
  // which follows HOST) to the whole network. A container or a server sets HOST=0.0.0.0 (docs/deploy.md).
  host: '127.0.0.1',
  dataDir: './data',
  distDir: './dist',
  examplesDir: './examples',
  retentionDays: RETENTION.censusDays,
  formRetentionDays: RETENTION.formDays,
  censusWorkers: 2,
  censusTimeLimitMs: 60_000,
  /**
   * Per job thread. The largest census we accept (249,000 rows x 20 columns, 5,000,000 cells) is
   * analysed and exported within about 300 MB of heap (docs/server.md, "Memory"); twice that leaves
   * room for V8 to collect late without a job near the limit failing.
   */
  censusMemoryMb: 512,
  censusLeaseMs: 15_000,
  /** Added to the time limit for the job expiry: a worker thread's start-up and the result's storing. */
  censusJobExpiryMarginMs: 60_000,
  retentionSweepMs: 3_600_000,
  smtpIntakePort: 2525,
  // Behind a relay every message comes from the relay's IP: raise SMTP_INTAKE_PER_IP_PER_DAY there.
  smtpIntakePerSenderPerDay: 20,
  smtpIntakePerIpPerDay: 200,
  censusUploadPerMinute: 30,
  censusStatusPerMinute: 300,
  caseStudyPerMinute: 10,
  mailingListPerMinute: 30,
  rateLimitWindowMs: 60_000,
  logLevel: 'info',
} as const;

export const ENCRYPTION_KEY_BYTES = 32;

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const v = env[name];
  if (v === undefined) return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function path(env: Env, name: string, fallback: string, cwd: string): string {
  const raw = value(env, name) ?? fallback;
  return isAbsolute(raw) ? raw : resolve(cwd, raw);
}

/** Parses a base64 (or base64url) 32-byte key; throws a ConfigError naming `source` otherwise. */
export function parseKey(raw: string, source: string): Buffer {
  const text = raw.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw new ConfigError(`${source} must be base64`);
  const key = Buffer.from(text, 'base64');
  if (key.length !== ENCRYPTION_KEY_BYTES) {
    throw new ConfigError(`${source} must decode to ${ENCRYPTION_KEY_BYTES} bytes, got ${key.length}`);
  }
  return key;
}

/** An http(s) origin ("scheme://host[:port]"), or a ConfigError. */
function origin(raw: string, name: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name}: "${raw}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name}: "${raw}" must be http or https`);
  }
  return url.origin;
}

function publicUrl(env: Env, port: number): string {
  const raw = value(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  origin(raw, 'PUBLIC_URL');
  const url = new URL(raw);
  if (url.search || url.hash) throw new ConfigError('PUBLIC_URL must not have a query or a fragment');
  return url.href.replace(/\/+$/, '');
}

function databaseUrl(env: Env): string | null {
  const raw = value(env, 'DATABASE_URL');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL is not a URL (postgres://user:password@host:5432/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  return raw;
}

function redisUrl(env: Env): string | null {
  const raw = value(env, 'REDIS_URL');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('REDIS_URL is not a URL (redis://host:6379)');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  return raw;
}

/** HELP_EMAIL: one plain address (a person's team reads it), else the brand's help address. */
function helpAddress(raw: string | undefined): string {
  if (raw === undefined) return BRAND.emails.help;
  if (!/^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/.test(raw)) {
    throw new ConfigError(`HELP_EMAIL is not one e-mail address (${raw.slice(0, 80)}): help requests would go nowhere`);
  }
  return raw;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const port = integer(env, 'PORT', DEFAULTS.port, 0, 65535);
  const role = (value(env, 'ROLE') ?? 'all').toLowerCase() as Role;
  if (!ROLES.includes(role)) throw new ConfigError(`ROLE must be all, api or worker, got "${value(env, 'ROLE')}"`);
  const dbUrl = databaseUrl(env);
  // A key generated per machine would leave every other server unable to read the files.
  if (dbUrl && !value(env, 'ENCRYPTION_KEY')) {
    throw new ConfigError('DATABASE_URL needs ENCRYPTION_KEY, the same on every server, because each server must read the files and links the others wrote');
  }
  if (role !== 'all' && !dbUrl) {
    throw new ConfigError(`ROLE=${role} needs DATABASE_URL: api and worker processes share their cases through PostgreSQL`);
  }
  const timeLimitMs = integer(env, 'CENSUS_TIME_LIMIT_MS', DEFAULTS.censusTimeLimitMs, 100, 3_600_000);
  const url = publicUrl(env, port);
  const originsRaw = value(env, 'ALLOWED_ORIGINS');
  const allowedOrigins = originsRaw
    ? [...new Set(originsRaw.split(',').map((o) => o.trim()).filter(Boolean).map((o) => origin(o, 'ALLOWED_ORIGINS')))]
    : [new URL(url).origin];
  const keyRaw = value(env, 'ENCRYPTION_KEY');
  const windowMs = integer(env, 'RATE_LIMIT_WINDOW_MS', DEFAULTS.rateLimitWindowMs, 1000, DAY_MS);
  const logLevel = value(env, 'LOG_LEVEL') ?? DEFAULTS.logLevel;
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL "${logLevel}" is not a log level`);
  }

  return {
    role,
    databaseUrl: dbUrl,
    redisUrl: redisUrl(env),
    port,
    host: value(env, 'HOST') ?? DEFAULTS.host,
    dataDir: path(env, 'DATA_DIR', DEFAULTS.dataDir, cwd),
    distDir: path(env, 'DIST_DIR', DEFAULTS.distDir, cwd),
    examplesDir: path(env, 'EXAMPLES_DIR', DEFAULTS.examplesDir, cwd),
    encryptionKey: keyRaw ? parseKey(keyRaw, 'ENCRYPTION_KEY') : null,
    publicUrl: url,
    allowedOrigins,
    // Unset ALLOWED_ORIGINS means "development": the examples run from another local origin.
    allowLocalOrigins: originsRaw === undefined,
    smtpUrl: value(env, 'SMTP_URL') ?? null,
    helpEmail: helpAddress(value(env, 'HELP_EMAIL')),
    retentionDays: integer(env, 'RETENTION_DAYS', DEFAULTS.retentionDays, 1, 3650),
    formRetentionDays: integer(env, 'FORM_RETENTION_DAYS', DEFAULTS.formRetentionDays, 1, 36500),
    census: {
      workers: integer(env, 'CENSUS_WORKERS', DEFAULTS.censusWorkers, 1, 64),
      timeLimitMs,
      memoryMb: integer(env, 'CENSUS_JOB_MEMORY_MB', DEFAULTS.censusMemoryMb, 64, 65_536),
      leaseMs: integer(env, 'CENSUS_JOB_LEASE_MS', DEFAULTS.censusLeaseMs, 1000, 3_600_000),
      jobExpiryMs: integer(env, 'CENSUS_JOB_EXPIRY_MS', timeLimitMs + DEFAULTS.censusJobExpiryMarginMs, 1000, DAY_MS),
    },
    retentionSweepMs: integer(env, 'RETENTION_SWEEP_MS', DEFAULTS.retentionSweepMs, 1000, DAY_MS),
    smtpIntake: boolean(env, 'SMTP_INTAKE', true)
      ? {
          port: integer(env, 'SMTP_INTAKE_PORT', DEFAULTS.smtpIntakePort, 0, 65535),
          host: value(env, 'SMTP_INTAKE_HOST') ?? value(env, 'HOST') ?? DEFAULTS.host,
          perSenderPerDay: integer(env, 'SMTP_INTAKE_PER_SENDER_PER_DAY', DEFAULTS.smtpIntakePerSenderPerDay, 1, 1_000_000),
          perIpPerDay: integer(env, 'SMTP_INTAKE_PER_IP_PER_DAY', DEFAULTS.smtpIntakePerIpPerDay, 1, 1_000_000),
        }
      : null,
    analyticsId: value(env, 'ANALYTICS_ID') ?? null,
    rateLimits: {
      caseStudy: { max: integer(env, 'RATE_LIMIT_CASE_STUDY', DEFAULTS.caseStudyPerMinute, 1, 100_000), timeWindowMs: windowMs },
      mailingList: { max: integer(env, 'RATE_LIMIT_MAILING_LIST', DEFAULTS.mailingListPerMinute, 1, 100_000), timeWindowMs: windowMs },
      censusUpload: { max: integer(env, 'RATE_LIMIT_CENSUS_UPLOAD', DEFAULTS.censusUploadPerMinute, 1, 100_000), timeWindowMs: windowMs },
      censusStatus: { max: integer(env, 'RATE_LIMIT_CENSUS_STATUS', DEFAULTS.censusStatusPerMinute, 1, 100_000), timeWindowMs: windowMs },
    },
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    logLevel,
    logRequests: boolean(env, 'LOG_REQUESTS', false),
  };
}
