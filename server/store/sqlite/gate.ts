/**
 * Makes the synchronous SQLite calls (better-sqlite3) safe behind asynchronous interfaces.
 *
 * A transaction (store/database.ts) is an async function, so other requests' code can run while it
 * is open; on one SQLite connection their writes would land inside it (and be rolled back with it).
 * The gate keeps them out: while a transaction is open, every call from outside it waits until it has
 * committed or rolled back. Calls from inside the transaction (its own store handles) go straight
 * through. Outside a transaction a call runs at once: one synchronous statement, nothing can
 * interleave.
 */
export interface Gate {
  /** Runs a store call from outside any transaction. */
  outside<T>(fn: () => T): Promise<T>;
  /** Runs a store call from inside the open transaction. */
  inside<T>(fn: () => T): Promise<T>;
  /** Opens the gate for one transaction: fn runs alone, then the waiting calls run. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

export function createGate(): Gate {
  let open: Promise<void> | null = null;
  return {
    async outside(fn) {
      while (open) await open;
      return fn();
    },
    async inside(fn) {
      return fn();
    },
    async exclusive(fn) {
      while (open) await open;
      let release!: () => void;
      open = new Promise<void>((r) => (release = r));
      try {
        return await fn();
      } finally {
        open = null;
        release();
      }
    },
  };
}
