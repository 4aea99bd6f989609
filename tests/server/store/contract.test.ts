/**
 * The data store's contract, run against every implementation (store/database.ts): SQLite always,
 * PostgreSQL when it is reachable (see support/backends.ts). The same calls, the same answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DataStore } from '../../../server/store/database';
import { BACKENDS } from '../support/backends';

const mail = (address: string) => ({ to: { name: '', address }, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
const file = (id: string, fileName: string) => ({ id, fileName, storedName: `f-${id}.bin`, size: 10, password: null });
const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const SEALED = 'sealed-case-id';
const LONG_AGO = '2000-01-01T00:00:00.000Z';

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip)(`the ${backend.name} store${backend.skip ? ` (skipped: ${backend.skip})` : ''}`, () => {
    let data: DataStore | undefined;
    afterEach(async () => {
      await data?.close();
      await backend.cleanup?.();
      data = undefined;
    });
    const open = async () => (data = await backend.open());

    it('keeps one subscription per e-mail (any case), type and identifier', async () => {
      const store = (await open()).mailingList;
      expect(await store.subscribe({ email: 'A@b.co', mailingListType: 'promotion', mailingListIdentifier: 'jan2024' })).toBe(true);
      expect(await store.subscribe({ email: 'a@B.CO', mailingListType: 'PROMOTION', mailingListIdentifier: 'JAN2024' })).toBe(false);
      expect(await store.subscribe({ email: 'a@b.co', mailingListType: 'PROMOTION', mailingListIdentifier: 'FEB2024' })).toBe(true);
      expect(await store.count()).toBe(2);
      expect(await store.purge(new Date(Date.now() + 1000))).toBe(2);
    });

    it('records case-study requests with random ids and their mail state', async () => {
      const store = (await open()).caseStudyRequests;
      const id = await store.create({ firstName: 'A', lastName: 'B', email: 'a@b.co', caseStudyName: 'x.pdf' });
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(await store.get(id)).toMatchObject({ firstName: 'A', mailedAt: null });
      await store.markMailed(id);
      expect((await store.get(id))?.mailedAt).toBeTruthy();
      expect(await store.askedSince('A@B.CO', 'x.pdf', new Date(Date.now() - 60_000))).toBe(true);
      expect(await store.create({ firstName: 'A', lastName: 'B', email: 'a@b.co', caseStudyName: 'x.pdf' })).not.toBe(id);
    });

    it('queues a mail once per dedupe key, leases it to one sender, and counts per recipient', async () => {
      const outbox = (await open()).outbox;
      const id = await outbox.enqueue(mail('Ann@acme.example'), 'k1');
      expect(id).toBeTruthy();
      expect(await outbox.enqueue(mail('ann@acme.example'), 'k1')).toBeNull();
      expect(await outbox.countTo('ANN@acme.example', new Date(Date.now() - 60_000))).toBe(1);
      const [row] = await outbox.claimDue(60_000, 10);
      expect(row).toMatchObject({ id, attempts: 1, message: mail('Ann@acme.example') });
      expect(await outbox.claimDue(60_000, 10)).toEqual([]);
      expect(await outbox.pending()).toBe(1);
      await outbox.markSent(id!);
      expect((await outbox.get(id!))?.sentAt).toBeTruthy();
      expect(await outbox.pending()).toBe(0);
      expect(await outbox.purge(new Date(Date.now() + 1000))).toBe(1);
    });

    it('takes an e-mailed Message-ID from one sender once, asks a retry during the first delivery to wait, and counts per sender and IP', async () => {
      const log = (await open()).intakeLog;
      const entry = { sender: 'HR@Acme.example', remoteIp: '192.0.2.7', messageId: '<m1@acme.example>' };
      const first = await log.claim(entry);
      expect(first).toHaveProperty('id');
      // Still being stored: come back later (the first may fail).
      expect(await log.claim({ ...entry, sender: 'hr@acme.example' })).toEqual({ duplicate: 'taking' });
      await log.taken((first as { id: number }).id);
      expect(await log.claim(entry)).toEqual({ duplicate: 'taken' });
      // Another sender with the same Message-ID is another message.
      const other = await log.claim({ ...entry, sender: 'ops@acme.example' });
      expect(other).toHaveProperty('id');
      await log.release((other as { id: number }).id);
      // A claim abandoned for more than ten minutes is taken over.
      const stale = await log.claim({ ...entry, messageId: '<m2@acme.example>' }, new Date(Date.now() - 11 * 60_000));
      expect(stale).toHaveProperty('id');
      expect(await log.claim({ ...entry, messageId: '<m2@acme.example>' })).toHaveProperty('id');
      const since = new Date(Date.now() - 86_400_000);
      expect(await log.countFromSender('hr@ACME.example', since)).toBe(2);
      expect(await log.countFromIp('192.0.2.7', since)).toBe(2);
      expect(await log.countFromIp('192.0.2.8', since)).toBe(0);
    });

    it('moves a case forward only, within its run, under its lease', async () => {
      const cases = (await open()).cases;
      await cases.create({ id: ID, sealedId: SEALED, source: 'web' }, [file('a', 'x.csv'), file('b', 'x.csv')]);
      expect((await cases.files(ID)).map((f) => f.fileName)).toEqual(['x.csv', 'x (2).csv']);
      expect(await cases.get(ID, LONG_AGO)).toMatchObject({ id: ID, status: 'classified', run: 1, source: 'web' });
      // Past its retention: hidden from get, not from getIgnoringExpiry.
      expect(await cases.get(ID, '2999-01-01T00:00:00.000Z')).toBeUndefined();
      expect(await cases.getIgnoringExpiry(ID)).toBeTruthy();

      const claim = await cases.claim('w1', 60_000);
      expect(claim).toEqual({ caseId: ID, run: 1, attempts: 1 });
      expect(await cases.claim('w2', 60_000)).toBeUndefined();
      expect(await cases.advance(ID, 1, 'w2', 'preprocessing')).toBe(false);
      expect(await cases.advance(ID, 1, 'w1', 'deduplicating')).toBe(true);
      expect(await cases.advance(ID, 1, 'w1', 'preprocessing')).toBe(true); // accepted, not applied
      expect((await cases.getIgnoringExpiry(ID))?.status).toBe('deduplicating');
      expect(await cases.renew(ID, 1, 'w1', 60_000)).toBe(true);

      // A new file starts run 2: run 1's writes no longer land.
      expect(await cases.addFile(ID, file('c', 'y.csv'), LONG_AGO)).toEqual({ fileName: 'y.csv', run: 2 });
      expect(await cases.complete(ID, 1, 'w1', 'r1')).toBe(false);
      expect(await cases.getIgnoringExpiry(ID)).toMatchObject({ status: 'classified', run: 2, resultKey: null });
      const again = await cases.claim('w2', 60_000);
      expect(again).toEqual({ caseId: ID, run: 2, attempts: 1 });
      expect(await cases.complete(ID, 2, 'w2', 'r2')).toBe(true);
      expect(await cases.complete(ID, 2, 'w2', 'r2')).toBe(false);
      expect(await cases.getIgnoringExpiry(ID)).toMatchObject({ status: 'completed', resultKey: 'r2' });
      expect(await cases.fail(ID, 2, null, 'late')).toBe(false);
    });

    it('hands a run to whoever takes it last (a job queue re-delivered it): the earlier owner can no longer write', async () => {
      const cases = (await open()).cases;
      await cases.create({ id: ID, sealedId: SEALED, source: 'web' }, [file('a', 'x.csv')]);
      expect(await cases.take(ID, 1, 'job-a')).toEqual({ caseId: ID, run: 1, attempts: 1 });
      expect(await cases.advance(ID, 1, 'job-a', 'preprocessing')).toBe(true);
      expect(await cases.take(ID, 1, 'job-b')).toEqual({ caseId: ID, run: 1, attempts: 2 });
      expect(await cases.advance(ID, 1, 'job-a', 'postprocessing')).toBe(false);
      expect(await cases.complete(ID, 1, 'job-a', 'ra')).toBe(false);
      expect(await cases.take(ID, 2, 'job-c')).toBeUndefined();
      expect(await cases.complete(ID, 1, 'job-b', 'rb')).toBe(true);
      expect(await cases.take(ID, 1, 'job-d')).toBeUndefined();
      expect(await cases.getIgnoringExpiry(ID)).toMatchObject({ status: 'completed', resultKey: 'rb', attempts: 2 });
    });

    it('gives a released case back at once and a lapsed lease to the next worker', async () => {
      const cases = (await open()).cases;
      await cases.create({ id: ID, sealedId: SEALED, source: 'email', replyTo: 'a@b.co', smtpId: '<m@x>' }, [file('a', 'x.csv')]);
      const now = new Date();
      expect(await cases.claim('w1', 1000, now)).toMatchObject({ attempts: 1 });
      expect(await cases.claim('w2', 1000, now)).toBeUndefined();
      expect(await cases.claim('w2', 1000, new Date(now.getTime() + 2000))).toMatchObject({ attempts: 2 });
      expect(await cases.release(ID, 1, 'w2')).toBe(true);
      expect(await cases.claim('w3', 1000, new Date(now.getTime() + 2000))).toMatchObject({ attempts: 2 });
      expect(await cases.fail(ID, 1, 'w3', 'bad file', 'password-required')).toBe(true);
      expect(await cases.getIgnoringExpiry(ID)).toMatchObject({ status: 'error', message: 'bad file', code: 'password-required', replyTo: 'a@b.co', smtpId: '<m@x>' });
    });

    it('moves a row stored before ids were hashed to its new key, with its files and contacts, once', async () => {
      const d = await open();
      const cases = d.cases;
      await cases.create({ id: ID, sealedId: SEALED, source: 'web' }, [file('a', 'x.csv')]);
      expect(await cases.legacyIds()).toEqual([]);
      // A row from before: its key is the id itself and no sealed id.
      await d.query('UPDATE census_cases SET sealed_id = NULL WHERE id = ?', [ID]);
      await cases.addContact(ID, 'a@b.co', 'notify');
      expect(await cases.legacyIds()).toEqual([ID]);
      expect(await cases.rekey(ID, 'hashed-key', 'sealed-id')).toBe(true);
      expect(await cases.rekey(ID, 'hashed-key', 'sealed-id')).toBe(false);
      expect(await cases.getIgnoringExpiry(ID)).toBeUndefined();
      expect(await cases.getIgnoringExpiry('hashed-key')).toMatchObject({ id: 'hashed-key', sealedId: 'sealed-id', status: 'classified', run: 1 });
      expect((await cases.files('hashed-key')).map((f) => f.fileName)).toEqual(['x.csv']);
      expect((await cases.contacts('hashed-key')).map((c) => c.email)).toEqual(['a@b.co']);
      expect(await cases.legacyIds()).toEqual([]);
    });

    it('keeps one contact per case, address and kind, and marks it mailed once', async () => {
      const cases = (await open()).cases;
      await cases.create({ id: ID, sealedId: SEALED, source: 'web' }, [file('a', 'x.csv')]);
      const c = await cases.addContact(ID, 'a@b.co', 'notify');
      expect(c).toMatchObject({ caseId: ID, email: 'a@b.co', kind: 'notify', mailedAt: null });
      expect((await cases.addContact(ID, 'a@b.co', 'notify'))?.id).toBe(c!.id);
      expect(await cases.markContactMailed(c!.id)).toBe(true);
      expect(await cases.markContactMailed(c!.id)).toBe(false);
      expect(await cases.contacts(ID)).toHaveLength(1);
      expect(await cases.expiredIds('2999-01-01T00:00:00.000Z')).toEqual([ID]);
      expect(await cases.delete(ID)).toBe(true);
      expect(await cases.contacts(ID)).toEqual([]);
    });

    it('writes a transaction together or not at all', async () => {
      const store = await open();
      await expect(
        store.transaction(async (tx) => {
          await tx.outbox.enqueue(mail('a@b.co'), 'tx-1');
          await tx.mailingList.subscribe({ email: 'a@b.co', mailingListType: 'P', mailingListIdentifier: 'X' });
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(await store.outbox.pending()).toBe(0);
      expect(await store.mailingList.count()).toBe(0);
      expect(await store.transaction(async (tx) => tx.outbox.enqueue(mail('a@b.co'), 'tx-2'))).toBeTruthy();
      expect(await store.outbox.pending()).toBe(1);
      await store.ping();
    });
  });
}
