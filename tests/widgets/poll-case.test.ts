/** internal/poll-case.ts: the one status poller of both census elements. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CensusStatusResult } from '../../shared/api/types';
import { pollCase, waitForRunEnd } from '../../widgets/internal/poll-case';

afterEach(() => vi.useRealTimers());

const answers = (...statuses: (CensusStatusResult['status'] | Error)[]) => {
  const asked: number[] = [];
  const getCensusStatus = vi.fn(async (caseId: string) => {
    asked.push(Date.now());
    const next = statuses.shift() ?? 'completed';
    if (next instanceof Error) throw next;
    return { caseId, status: next } as CensusStatusResult;
  });
  return { client: { getCensusStatus }, asked };
};

describe('pollCase', () => {
  it('checks after each delay until onAnswer says stop, retries after a failed check, and counts its checks', async () => {
    vi.useFakeTimers({ now: 0 });
    const { client, asked } = answers('preprocessing', new Error('blip'), 'deduplicating', 'completed', 'completed');
    const seen: string[] = [];
    const poll = pollCase({
      caseId: 'c',
      client,
      checksDone: 1,
      delay: (n) => n * 100,
      onAnswer: (a) => (seen.push(a.status), a.status === 'completed'),
      onError: () => false,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual(['preprocessing', 'deduplicating', 'completed']);
    expect(asked).toEqual([100, 300, 600, 1000]);
    expect(poll.checks()).toBe(5);
  });

  it('stop() ends it, and current() false stops it before asking', async () => {
    vi.useFakeTimers({ now: 0 });
    const { client } = answers('preprocessing', 'preprocessing', 'preprocessing');
    const poll = pollCase({ caseId: 'c', client, delay: () => 50, onAnswer: () => false, onError: () => true });
    await vi.advanceTimersByTimeAsync(120);
    poll.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(client.getCensusStatus).toHaveBeenCalledTimes(2);
    let current = true;
    const stale = vi.fn();
    const other = answers('preprocessing', 'preprocessing');
    pollCase({ caseId: 'c', client: other.client, delay: () => 50, current: () => current, onStale: stale, onAnswer: () => false, onError: () => true });
    await vi.advanceTimersByTimeAsync(60);
    current = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(other.client.getCensusStatus).toHaveBeenCalledTimes(1);
    expect(stale).toHaveBeenCalledOnce();
  });
});

describe('waitForRunEnd', () => {
  it('resolves with the final answer, null when no longer current, and rejects on a failed check', async () => {
    vi.useFakeTimers({ now: 0 });
    const done = waitForRunEnd({ caseId: 'c', client: answers('postprocessing', 'error').client, intervalMs: 2000 });
    await vi.advanceTimersByTimeAsync(4000);
    await expect(done).resolves.toMatchObject({ status: 'error' });
    const stale = waitForRunEnd({ caseId: 'c', client: answers().client, intervalMs: 2000, current: () => false });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(stale).resolves.toBeNull();
    const failed = waitForRunEnd({ caseId: 'c', client: answers(new Error('down')).client, intervalMs: 2000 });
    const settled = expect(failed).rejects.toThrow('down');
    await vi.advanceTimersByTimeAsync(2000);
    await settled;
  });
});
