import { describe, expect, it } from 'vitest';
import { JobRegistry } from '../../../src/mcp/job-registry';

function registry(now: { t: number }, options: { keepFinishedMs?: number; maxFinished?: number } = {}) {
  let n = 0;
  return new JobRegistry<string>({ newId: () => `job${++n}`, toError: (e) => ({ code: 'x', message: String(e) }), now: () => now.t, ...options });
}

function deferred() {
  let resolve: (value: string) => void = () => undefined;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

describe('JobRegistry', () => {
  it('returns working at once with no wait, and the result as soon as the job ends during a wait', async () => {
    const jobs = registry({ t: 0 });
    const work = deferred();
    const id = jobs.start('a', () => work.promise);
    expect(await jobs.check('a', id, 0)).toEqual({ status: 'working' });
    const started = Date.now();
    setTimeout(() => work.resolve('answer'), 50);
    expect(await jobs.check('a', id, 10_000)).toEqual({ status: 'completed', result: 'answer' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('gives up waiting at the wait limit, or when the caller goes away', async () => {
    const jobs = registry({ t: 0 });
    const id = jobs.start('a', () => deferred().promise);
    expect(await jobs.check('a', id, 30)).toEqual({ status: 'working' });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 20);
    expect(await jobs.check('a', id, 10_000, abort.signal)).toEqual({ status: 'working' });
  });

  it('reports a failure as a failed job and hides jobs from other scopes', async () => {
    const jobs = registry({ t: 0 });
    const id = jobs.start('a', () => Promise.reject(new Error('boom')));
    expect(await jobs.check('b', id, 0)).toBeNull();
    expect(await jobs.check('a', id, 1000)).toEqual({ status: 'failed', error: { code: 'x', message: 'Error: boom' } });
    expect(await jobs.check('a', 'nope', 0)).toBeNull();
  });

  it('forgets finished jobs after the keep time or beyond the cap, never running ones', async () => {
    const now = { t: 0 };
    const jobs = registry(now, { keepFinishedMs: 1000, maxFinished: 2 });
    const running = jobs.start('a', () => deferred().promise);
    const done = jobs.start('a', async () => 'one');
    await jobs.check('a', done, 100);
    now.t = 2000;
    jobs.start('a', async () => 'two');
    expect(await jobs.check('a', done, 0)).toBeNull();
    expect(await jobs.check('a', running, 0)).toEqual({ status: 'working' });

    const ids = ['three', 'four', 'five'].map((r) => jobs.start('a', async () => r));
    for (const id of ids) await jobs.check('a', id, 100);
    jobs.start('a', async () => 'six');
    expect(await jobs.check('a', ids[0] ?? '', 0)).toBeNull();
    expect(await jobs.check('a', ids[2] ?? '', 0)).toEqual({ status: 'completed', result: 'five' });
  });
});
