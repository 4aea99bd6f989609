/**
 * Fair sharing of the job threads, as the case store does it (jobs/queue.ts): while another
 * client's case is due, a client already running its share comes last (claim) and is told so
 * (overFairShare); with no one else due, it takes the free thread. On every store implementation.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DataStore } from '../../../server/store/database';
import { BACKENDS } from '../support/backends';

const file = (id: string) => ({ id, fileName: `${id}.csv`, storedName: `f-${id}.bin`, size: 10, password: null });
const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms);

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip)(`fair sharing on the ${backend.name} store${backend.skip ? ` (skipped: ${backend.skip})` : ''}`, () => {
    let data: DataStore | undefined;
    afterEach(async () => {
      await data?.close();
      await backend.cleanup?.();
      data = undefined;
    });

    it('passes over a client at its share while another client waits, and not otherwise', async () => {
      data = await backend.open();
      const cases = data.cases;
      // Client A's three cases came first, then B's one; a case from before client keys has none.
      for (const [i, id] of ['A1', 'A2', 'A3'].entries()) await cases.create({ id, sealedId: 's', source: 'web', clientKey: 'client-a' }, [file(id)], at(i));
      await cases.create({ id: 'B1', sealedId: 's', source: 'web', clientKey: 'client-b' }, [file('B1')], at(10));
      const now = at(1000);
      expect(await cases.claim('w1', 60_000, now, 1)).toMatchObject({ caseId: 'A1' });
      // A runs one job (its share of two threads): B's case is taken before A's older ones.
      expect(await cases.overFairShare('A2', 1, now)).toBe(true);
      expect(await cases.overFairShare('B1', 1, now)).toBe(false);
      expect(await cases.claim('w2', 60_000, now, 1)).toMatchObject({ caseId: 'B1' });
      // Nobody else waits: A takes the free thread even over its share.
      expect(await cases.overFairShare('A2', 1, now)).toBe(false);
      expect(await cases.claim('w3', 60_000, now, 1)).toMatchObject({ caseId: 'A2' });
      // Still nobody else waits: A takes every free thread.
      expect(await cases.claim('w4', 60_000, now, 1)).toMatchObject({ caseId: 'A3' });
      // Without a share the claim is first come, first served (the contract's other tests).
      expect(await cases.claim('w5', 60_000, now)).toBeUndefined();
    });

    it('counts a run taken by a job queue (an owner without expiry) as running', async () => {
      data = await backend.open();
      const cases = data.cases;
      await cases.create({ id: 'A1', sealedId: 's', source: 'web', clientKey: 'client-a' }, [file('A1')], at(0));
      await cases.create({ id: 'A2', sealedId: 's', source: 'web', clientKey: 'client-a' }, [file('A2')], at(1));
      await cases.create({ id: 'B1', sealedId: 's', source: 'web', clientKey: 'client-b' }, [file('B1')], at(2));
      await cases.create({ id: 'N1', sealedId: 's', source: 'web' }, [file('N1')], at(3));
      expect(await cases.take('A1', 1, 'job-a1')).toMatchObject({ attempts: 1 });
      expect(await cases.overFairShare('A2', 1, at(1000))).toBe(true);
      expect(await cases.overFairShare('A2', 2, at(1000))).toBe(false);
      // A case without a client is never passed over.
      expect(await cases.overFairShare('N1', 1, at(1000))).toBe(false);
      expect(await cases.complete('A1', 1, 'job-a1', 'r')).toBe(true);
      expect(await cases.overFairShare('A2', 1, at(1000))).toBe(false);
    });
  });
}
