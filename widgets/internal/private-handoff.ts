/**
 * Private mode's report on another page of the same tab (issue 29; docs/decisions.md, "Private mode:
 * the report on report-url, through the tab's session history").
 *
 * `<census-parser private report-url>` without a `<census-report private-result>` on its page hands
 * its result over a same-tab navigation; nothing in memory survives one, so:
 *  - the file and its reports are encrypted (AES-GCM, 256 bits, a fresh 12-byte IV) with a key made
 *    for this one hand-over, non-extractable (its bytes are never visible to script, never written
 *    by us anywhere);
 *  - the ciphertext goes to IndexedDB (`benefold-private`, under a random id; a 5 MB file does not
 *    fit sessionStorage's quota as text), the key and the id to this tab's session history entry of
 *    the report page (`history.pushState`, then a reload of that entry: a structured clone, which
 *    keeps a CryptoKey as a CryptoKey; no other tab sees a tab's session history);
 *  - the report page takes it once: it marks the entry as shown (the key is dropped from it) and
 *    deletes the ciphertext before decrypting. A reload, the Back/Forward buttons, another tab or a
 *    copied link then find nothing, and the report says that a private report lives only as long as
 *    the tab that made it. Ciphertexts left behind (the tab closed mid-way) are deleted by the next
 *    hand-over or take after 10 minutes; without their key they are noise.
 * Nothing of the file is written to sessionStorage or localStorage. Loaded only when used (a chunk of
 * its own).
 */

const DB_NAME = 'benefold-private';
const STORE = 'handoff';
/** The key of our entry in `history.state`. */
export const STATE_KEY = 'benefoldPrivateReport';
/** A ciphertext older than this is left over from a tab that never took it. */
const STALE_MS = 10 * 60_000;

export interface TabResult {
  fileName: string;
  report: object;
  reports: { whole: object; files: Record<string, object> };
  file: File;
}

interface Stored {
  id: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
  at: number;
}

type Mark = { id: string; key: CryptoKey } | 'shown';

/** Whether this browser context can hand over at all (WebCrypto and IndexedDB need a secure context). */
export function canHandOver(): boolean {
  return typeof crypto !== 'undefined' && !!crypto.subtle && typeof indexedDB !== 'undefined';
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
  return request(req);
}

async function inStore<T>(db: IDBDatabase, mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const t = db.transaction(STORE, mode);
  const result = await request(fn(t.objectStore(STORE)));
  await new Promise<void>((resolve, reject) => {
    t.oncomplete = () => resolve();
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
  return result;
}

/** Deletes ciphertexts no tab took in time (their key is gone with the entry that held it). */
async function purgeStale(db: IDBDatabase): Promise<void> {
  const all = await inStore(db, 'readonly', (s) => s.getAll() as IDBRequest<Stored[]>);
  const old = all.filter((r) => Date.now() - r.at > STALE_MS);
  for (const r of old) await inStore(db, 'readwrite', (s) => s.delete(r.id));
}

/**
 * Encrypts the result, keeps the ciphertext in IndexedDB and its key in the report page's session
 * history entry of this tab, then opens that entry. `url` must be of this page's origin.
 */
export async function handOverAndOpen(result: TabResult, url: string): Promise<void> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const { file } = result;
  const head = new TextEncoder().encode(JSON.stringify({ fileName: result.fileName, type: file.type, lastModified: file.lastModified, reports: result.reports }));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const plain = new Uint8Array(4 + head.length + bytes.length);
  new DataView(plain.buffer).setUint32(0, head.length);
  plain.set(head, 4);
  plain.set(bytes, 4 + head.length);
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
  plain.fill(0);
  const id = crypto.randomUUID();
  const db = await openDb();
  try {
    await purgeStale(db);
    await inStore(db, 'readwrite', (s) => s.put({ id, iv, data, at: Date.now() } satisfies Stored));
  } finally {
    db.close();
  }
  const mark: Mark = { id, key };
  // A new entry of this tab's history at the report's address, holding the key; loading it keeps its state.
  history.pushState({ [STATE_KEY]: mark }, '', url);
  location.reload();
}

/**
 * The result this tab handed to this page: 'found' once (the key is dropped from the entry and the
 * ciphertext deleted before it is decrypted), 'gone' when the entry held one already shown (a reload,
 * Back/Forward), 'none' when it never did (another tab, a typed or copied address).
 */
export async function takeFromTab(): Promise<{ status: 'found'; result: TabResult } | { status: 'gone' | 'none' }> {
  const state = history.state as Record<string, unknown> | null;
  const mark = (state && typeof state === 'object' ? state[STATE_KEY] : undefined) as Mark | undefined;
  if (!mark) return { status: 'none' };
  if (mark === 'shown' || !canHandOver()) return { status: 'gone' };
  history.replaceState({ ...state, [STATE_KEY]: 'shown' satisfies Mark }, '');
  const db = await openDb();
  let stored: Stored | undefined;
  try {
    stored = await inStore(db, 'readonly', (s) => s.get(mark.id) as IDBRequest<Stored | undefined>);
    await inStore(db, 'readwrite', (s) => s.delete(mark.id));
    await purgeStale(db);
  } finally {
    db.close();
  }
  if (!stored) return { status: 'gone' };
  let plain: Uint8Array<ArrayBuffer>;
  try {
    plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: stored.iv }, mark.key, stored.data));
  } catch {
    return { status: 'gone' };
  }
  const headLength = new DataView(plain.buffer).getUint32(0);
  const head = JSON.parse(new TextDecoder().decode(plain.subarray(4, 4 + headLength))) as {
    fileName: string;
    type: string;
    lastModified: number;
    reports: TabResult['reports'];
  };
  const file = new File([plain.subarray(4 + headLength)], head.fileName, { type: head.type, lastModified: head.lastModified });
  return { status: 'found', result: { fileName: head.fileName, report: head.reports.whole, reports: head.reports, file } };
}

/** Delete: this entry forgets it ever held a private report (its ciphertext was deleted when taken). */
export function forgetInTab(): void {
  const state = history.state as Record<string, unknown> | null;
  if (state && typeof state === 'object' && STATE_KEY in state) {
    const { [STATE_KEY]: _gone, ...rest } = state;
    history.replaceState(Object.keys(rest).length ? rest : null, '');
  }
}
