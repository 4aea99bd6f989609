/**
 * The census intake log (table census_intake_log): one row per message the SMTP intake takes. It
 * answers two questions:
 *   - was this Message-ID from this envelope sender taken already? (an MTA retries a message whose
 *     250 it did not see; the retry must not make a second case)
 *   - how many messages did this sender, or this connecting IP, send in the last 24 hours?
 * A row is 'taking' while its message is being stored and 'taken' once it is. A retry that arrives
 * while the first delivery is still being stored is told to come back later (the first may still
 * fail); a 'taking' row older than INTAKE_STALE_MS belongs to a process that died and is taken over.
 * Rows hold a sender address, so they are kept only as long as a retry can come: INTAKE_KEEP_DAYS.
 *
 * Its SQL, once for both databases: store/sql/intake-log.ts.
 * With PostgreSQL the log is shared by every api instance, so the limits are per cluster.
 */
/** MTAs give up on a message after about five days; a retry after that is not expected. */
export const INTAKE_KEEP_DAYS = 7;
/** Longer than storing the largest message takes; a 'taking' row older than this is abandoned. */
export const INTAKE_STALE_MS = 10 * 60_000;

export type Claim = { id: number } | { duplicate: 'taken' | 'taking' };

export interface IntakeClaimEntry {
  sender: string;
  remoteIp: string;
  messageId: string | null;
}

export interface IntakeLog {
  /** Records a message as being taken; or says that it was taken already, or is being taken now. */
  claim(entry: IntakeClaimEntry, now?: Date): Promise<Claim>;
  /** The message of this claim is stored: a retry of it is answered 250 and not taken again. */
  taken(id: number): Promise<void>;
  /** Forgets a claim whose message was not taken after all (a temporary failure or a refusal). */
  release(id: number): Promise<void>;
  /** Messages taken (or being taken) from this sender / this IP since the given time. */
  countFromSender(sender: string, since: Date): Promise<number>;
  countFromIp(remoteIp: string, since: Date): Promise<number>;
}

/** What an existing row for the same Message-ID and sender means for a new claim. */
export function existingClaim(row: { state: string; receivedAt: string } | undefined, now: Date): 'taken' | 'taking' | 'stale' | 'none' {
  if (!row) return 'none';
  if (row.state === 'taken') return 'taken';
  return Date.parse(row.receivedAt) > now.getTime() - INTAKE_STALE_MS ? 'taking' : 'stale';
}
