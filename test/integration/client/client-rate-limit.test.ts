import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KbClient, RateLimitError } from '../../../src/client/index';
import { DEFAULT_PLANS } from '../../../src/core/config';
import { startListeningServer, type ListeningServer } from '../../helpers/listening-server';

describe('client rate-limit handling against the real server (free plan, limits lowered)', () => {
  let server: ListeningServer;
  const signup = async (email: string) => (await new KbClient({ baseUrl: server.url }).signup(email, 'long enough password')).api_key;

  beforeAll(async () => {
    server = await startListeningServer({ plans: { ...DEFAULT_PLANS, free: { queriesPerMonth: 2, requestsPerMinute: 4 } } });
  });
  afterAll(() => server.close());

  it('retries a 429 a bounded number of times, waiting what retryAfterSeconds says, then throws RateLimitError', async () => {
    const waits: number[] = [];
    // The sleep is observed, not real: the server's window is a minute long.
    const kb = new KbClient({ baseUrl: server.url, apiKey: await signup('rate@example.com'), retry: { maxRetries: 2 }, sleep: async (ms) => void waits.push(ms) });
    for (let i = 0; i < 4; i++) await kb.limits();
    const error = (await kb.limits().catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', attempts: 3 });
    expect(error.retryAfterSeconds).toBeGreaterThan(50);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(waits).toHaveLength(2);
    for (const ms of waits) expect(ms).toBeGreaterThan(50_000);
  });

  it('does not wait out a monthly quota: quota_exceeded is thrown at once', async () => {
    const waits: number[] = [];
    const kb = new KbClient({ baseUrl: server.url, apiKey: await signup('quota@example.com'), sleep: async (ms) => void waits.push(ms) });
    await kb.query({ query: 'anything at all?' });
    await kb.query({ query: 'anything at all?' });
    const error = (await kb.query({ query: 'anything at all?' }).catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: 'quota_exceeded', attempts: 1 });
    expect(error.retryAfterSeconds).toBeGreaterThan(60);
    expect(waits).toEqual([]);
  });
});

describe('client retry against a stand-in server that answers 429 once', () => {
  // A stand-in, not the real API: the real rate window lasts a minute, too long to wait for in a test.
  let standIn: Server;
  let url: string;
  const arrivals: number[] = [];

  beforeAll(async () => {
    standIn = createServer((req, res) => {
      arrivals.push(Date.now());
      if (arrivals.length === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ success: false, error: { code: 'rate_limited', message: 'rate limit exceeded; retry in 1 s' }, retryAfterSeconds: 1 }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'healthy', version: 'stand-in', timestamp: new Date().toISOString() }));
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

  it('waits the second the server asked for and then succeeds', async () => {
    const health = await new KbClient({ baseUrl: url }).health();
    expect(health.version).toBe('stand-in');
    expect(arrivals).toHaveLength(2);
    expect((arrivals[1] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });
});
