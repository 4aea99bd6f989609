/**
 * The census-parser store alone (no UI, a fake client): what the element's unmount/remount on a DOM move
 * must not break, and the interval rules as a table.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMING } from '../../shared/constants';
import { QUICK_CHECK_GAPS_MS } from '../../widgets/census-parser/poll-schedule';
import { createCensusParserStore, fillTemplate, fileKind, nextPollDelay, type CensusParserDeps } from '../../widgets/census-parser/store';

afterEach(() => vi.useRealTimers());

function fakeDeps(statuses: string[]) {
  const calls: string[] = [];
  const events: [string, unknown][] = [];
  const navigated: string[] = [];
  const deps: CensusParserDeps = {
    client: {
      uploadCensus: async () => ({ caseId: 'c1', status: 'uploading' }),
      getCensusStatus: async (caseId) => {
        calls.push(caseId);
        return { caseId, status: (statuses.shift() ?? 'classified') as never };
      },
      notifyWhenReady: async () => undefined,
    },
    emit: (name, detail) => {
      events.push([name, detail]);
      return true;
    },
    reportUrl: (id) => `/r/${id}`,
    navigate: (url) => navigated.push(url),
  };
  return { deps, calls, events, navigated };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('census-parser store', () => {
  it('the interval: 15 s, 3 s while deduplicating or postprocessing; poll-interval only shortens the slow one', () => {
    expect(nextPollDelay('uploading')).toBe(TIMING.pollIntervalMs);
    expect(nextPollDelay('classified')).toBe(15000);
    expect(nextPollDelay('preprocessing')).toBe(15000);
    expect(nextPollDelay('deduplicating')).toBe(3000);
    expect(nextPollDelay('postprocessing')).toBe(3000);
    expect(nextPollDelay('classified', 500)).toBe(500);
    expect(nextPollDelay('deduplicating', 500)).toBe(500);
    expect(nextPollDelay('deduplicating', 60000)).toBe(3000);
  });

  it('the first checks of a case: at once, then quickly, never a longer gap than the spec interval', () => {
    expect(nextPollDelay('uploading', TIMING.pollIntervalMs, 0)).toBe(0);
    expect(nextPollDelay('classified', TIMING.pollIntervalMs, 1)).toBe(QUICK_CHECK_GAPS_MS[1]);
    // The quick gaps only grow, and the spec's intervals cap them.
    expect([...QUICK_CHECK_GAPS_MS]).toEqual([...QUICK_CHECK_GAPS_MS].sort((a, b) => a - b));
    const n = QUICK_CHECK_GAPS_MS.length;
    expect(nextPollDelay('preprocessing', TIMING.pollIntervalMs, n - 1)).toBeLessThanOrEqual(TIMING.pollIntervalMs);
    expect(nextPollDelay('preprocessing', TIMING.pollIntervalMs, n)).toBe(TIMING.pollIntervalMs);
    expect(nextPollDelay('deduplicating', TIMING.pollIntervalMs, n - 1)).toBe(TIMING.pollFastIntervalMs);
    expect(nextPollDelay('classified', 500, n - 2)).toBe(500);
  });

  it('file kinds and the report URL template', () => {
    expect([fileKind('a.CSV'), fileKind('b.xlsx'), fileKind('c.XLS'), fileKind('d.pdf'), fileKind('e.docx'), fileKind('csv')]).toEqual(['csv', 'spreadsheet', 'spreadsheet', 'spreadsheet', null, null]);
    expect(fillTemplate('/tools/census/{caseId}', 'a/b c')).toBe('/tools/census/a%2Fb%20c');
    expect(fillTemplate('report.html?caseId={caseId}&again={caseId}', 'x')).toBe('report.html?caseId=x&again=x');
  });

  it('a DOM move (dispose, then resume) stops the timers while away and picks polling up again', async () => {
    vi.useFakeTimers();
    const store = createCensusParserStore();
    const { deps, calls } = fakeDeps(['classified', 'preprocessing']);
    store.getState().selectFile(new File(['a'], 'a.csv'), deps);
    await flush();
    expect(store.getState().phase).toBe('processing');
    expect(calls).toEqual(['c1']); // the first check as soon as the case exists
    store.getState().dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    store.getState().resume(deps);
    await vi.advanceTimersByTimeAsync(QUICK_CHECK_GAPS_MS[1]);
    expect(calls).toEqual(['c1', 'c1']);
    expect(store.getState().status).toBe('preprocessing');
  });

  it('an element removed after completion does not navigate; RETRY ignores answers of the old run', async () => {
    vi.useFakeTimers();
    const store = createCensusParserStore();
    const { deps, navigated } = fakeDeps(['completed']);
    store.getState().selectFile(new File(['a'], 'a.csv'), deps);
    await flush();
    expect(store.getState().phase).toBe('completed');
    store.getState().dispose();
    await vi.advanceTimersByTimeAsync(TIMING.navigateAfterCompleteMs * 2);
    expect(navigated).toEqual([]);

    const again = createCensusParserStore();
    const second = fakeDeps(['classified']);
    again.getState().selectFile(new File(['a'], 'a.csv'), second.deps);
    again.getState().reset(); // before the upload answered
    await vi.advanceTimersByTimeAsync(TIMING.pollIntervalMs * 2);
    expect(again.getState().phase).toBe('idle');
    expect(again.getState().caseId).toBeNull();
    expect(second.calls).toEqual([]);
  });

  it('a 404 on the status ends in the error view; other failures are retried', async () => {
    vi.useFakeTimers();
    const store = createCensusParserStore();
    const { deps } = fakeDeps([]);
    let n = 0;
    deps.client.getCensusStatus = async () => {
      n++;
      throw n === 1 ? Object.assign(new Error('down'), { response: { status: 502 } }) : Object.assign(new Error('gone'), { response: { status: 404, data: { message: 'This census case does not exist.' } } });
    };
    store.getState().selectFile(new File(['a'], 'a.csv'), deps);
    await flush();
    expect(n).toBe(1);
    expect(store.getState().phase).toBe('processing');
    await vi.advanceTimersByTimeAsync(QUICK_CHECK_GAPS_MS[1]);
    expect(store.getState().phase).toBe('error');
    expect(store.getState().errorDetail).toBe('This census case does not exist.');
  });
});
