/**
 * Cases leave: deleted with their files once past RETENTION_DAYS (the sample case never), files of
 * interrupted uploads swept; and cases stored before ids were hashed moved to their hashed key.
 */
import { sealText } from '../security/vault';
import type { CaseDeps } from './case-deps';
import { isSampleCase } from './sample-id';

export function createCaseExpiry(d: CaseDeps) {
  const { data, files, fileKey, ref, cutoff, sampleRef } = d;
  const cases = data.cases;
  return {
    async sweep(now = new Date()): Promise<number> {
      let n = 0;
      for (;;) {
        // The sample case never expires (it is made once, of fictional people).
        const ids = (await cases.expiredIds(cutoff(now))).filter((id) => id !== sampleRef && !isSampleCase(id));
        if (ids.length === 0) break;
        for (const id of ids) {
          await cases.delete(id);
          await files.removeCase(id);
          n++;
        }
      }
      await files.sweepOrphans(now, async (id) => (await cases.getIgnoringExpiry(id)) !== undefined);
      return n;
    },
    async rekeyLegacy(): Promise<number> {
      let n = 0;
      const tried = new Set<string>();
      for (;;) {
        // A row that could not be moved (another server moves it) is not tried again in this loop.
        const ids = (await cases.legacyIds()).filter((id) => !tried.has(id));
        if (ids.length === 0) return n;
        for (const oldId of ids) {
          tried.add(oldId);
          const key = ref(oldId);
          // Files first: a row that points at its new key always finds them there.
          await files.moveCase(oldId, key);
          const moved = await data.transaction(async (tx) => {
            if (!(await tx.cases.rekey(oldId, key, sealText(fileKey, oldId, key)))) return false;
            // A run still to do: its job (with PostgreSQL) was queued under the old key.
            const c = await tx.cases.getIgnoringExpiry(key);
            if (c && c.status !== 'completed' && c.status !== 'error') await d.queue.enqueue(tx, key, c.run);
            return true;
          });
          if (moved) n++;
        }
      }
    },
  };
}
