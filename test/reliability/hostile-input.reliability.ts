import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, paragraph } from '../helpers/docx';
import { SHARED_DATA } from '../helpers/real-data';
import { reliabilityProfile } from './profile';
import { newDataDir, removeDataDir, startServerProcess, type ServerProcess } from './server-process';
import { recordFigures } from './summary';

const profile = reliabilityProfile();
const dataDir = newDataDir();
let server: ServerProcess;
let cases = 0;
let connectionResets = 0;
const statusCounts = new Map<number, number>();

interface Operation {
  method: string;
  path: string;
  documented: Set<number>;
}
let operations: Operation[] = [];

beforeAll(async () => {
  server = await startServerProcess(dataDir);
  const res = await fetch(`${server.url}/openapi.json`, { headers: { authorization: `Bearer ${server.ownerKey}` } });
  const doc = (await res.json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, documented: new Set(Object.keys(op.responses).map(Number)) })),
  );
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  removeDataDir(dataDir, 'hostile');
});

/** Any answer but a documented status with the documented error body fails the case. */
async function send(op: Operation, path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<void> {
  const request = () => fetch(`${server.url}${path}`, { ...init, method: op.method, headers: { authorization: `Bearer ${server.ownerKey}`, ...init.headers } });
  // A reused keep-alive socket the server closed meanwhile (it was busy past the keep-alive timeout) is retried once, and counted.
  const res = await request().catch(async (error: unknown) => {
    if (!(error instanceof TypeError)) throw error;
    connectionResets++;
    return request();
  });
  const text = await res.text();
  cases++;
  statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
  // 413 is the body limit every endpoint has; a path that no longer matches a route is a plain 404.
  const allowed = new Set([...op.documented, 413, 404, 415]);
  expect(res.status, `${op.method} ${path} → ${res.status} ${text.slice(0, 300)}`).not.toBe(500);
  expect(allowed.has(res.status), `${op.method} ${path} → ${res.status} ${text.slice(0, 300)}`).toBe(true);
  if (res.status >= 400) {
    const body = JSON.parse(text) as { success: unknown; error: { code: unknown; message: unknown } };
    expect(body.success).toBe(false);
    expect(typeof body.error.code).toBe('string');
    expect(typeof body.error.message).toBe('string');
  }
}

/**
 * Asks /health every 50 ms until stopped and keeps the slowest answer: how long the server's
 * event loop was held meanwhile. A socket the server closed under a request is counted and retried.
 */
function watchHealth(): { stop(): Promise<{ slowestMs: number; resets: number }> } {
  let running = true;
  let slowestMs = 0;
  let resets = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${server.url}/health`).catch((error: unknown) => {
        if (!(error instanceof TypeError)) throw error;
        resets++;
        return null;
      });
      await res?.text();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { slowestMs, resets };
    },
  };
}

async function alive(): Promise<void> {
  expect(server.child.exitCode).toBeNull();
  // After a 413 the server closes that connection; a pooled socket it closed is retried once on a new one.
  const health = () => fetch(`${server.url}/health`);
  const res = await health().catch((error: unknown) => {
    if (!(error instanceof TypeError)) throw error;
    connectionResets++;
    return health();
  });
  expect(res.status).toBe(200);
}

const segment = fc.oneof(
  fc.string(),
  fc.constantFrom('..', '%2e%2e', 'doc_', 'job_x', 'ent_0', '%00', '%ff%fe', "' OR 1=1", 'a'.repeat(5000), '😀', '\u202e'),
  fc.stringMatching(/^[a-z]{3}_[A-Za-z0-9]{0,30}$/),
);
const queryValue = fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom('-1', '1e309', 'NaN', 'true', '', '%ff', '[]'));
const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.record({ query: fc.oneof(fc.string(), fc.jsonValue()), stream: fc.jsonValue(), response_mode: fc.string(), session_id: fc.jsonValue(), conversation_upload_ids: fc.jsonValue() }, { requiredKeys: [] }),
  fc.record({ content: fc.oneof(fc.string(), fc.jsonValue()), title: fc.jsonValue(), tags: fc.jsonValue(), metadata: fc.jsonValue() }, { requiredKeys: [] }),
  fc.record({ documents: fc.array(fc.record({ content: fc.string(), title: fc.jsonValue() }, { requiredKeys: [] }), { maxLength: 5 }) }),
  fc.record({ title: fc.jsonValue(), name: fc.jsonValue(), email: fc.string(), password: fc.string() }, { requiredKeys: [] }),
);

describe('hostile input: fuzzing every endpoint of the real server', () => {
  it('answers generated path, query and body values with documented statuses and error bodies, never 500', async () => {
    expect(operations.length).toBeGreaterThan(20);
    for (const op of operations) {
      if (op.path === '/restore') continue; // fuzzed with files below
      await fc.assert(
        fc.asyncProperty(fc.array(segment, { minLength: 3, maxLength: 3 }), fc.dictionary(fc.constantFrom('limit', 'offset', 'search', 'type', 'min_degree', 'depth', 'entity_id', 'x'), queryValue), jsonBody, async (segments, query, body) => {
          let i = 0;
          const path = op.path.replace(/\{\w+\}/g, () => encodeURIComponent(segments[i++] ?? ''));
          const qs = new URLSearchParams(query).toString();
          const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
          await send(op, `${path}${qs ? `?${qs}` : ''}`, hasBody ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {});
        }),
        { numRuns: profile.fuzzRuns },
      );
    }
    await alive();
  });

  it('survives malformed bodies: broken, huge and deeply nested JSON, invalid UTF-8, wrong content types', async () => {
    const bodies: [string, string | Blob, string][] = [
      ['truncated JSON', '{"query": "abc', 'application/json'],
      ['deep arrays', '['.repeat(200_000) + ']'.repeat(200_000), 'application/json'],
      ['deep objects', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), 'application/json'],
      ['invalid UTF-8', new Blob([Buffer.from([0x7b, 0x22, 0x71, 0x75, 0x65, 0x72, 0x79, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])]), 'application/json'],
      ['lone surrogates', '{"content":"\\ud800\\udfff\\udc00 text","query":"\\ud800"}', 'application/json'],
      ['NUL bytes', '{"content":"a\u0000b","query":"\u0000"}', 'application/json'],
      ['form instead of JSON', 'query=hello', 'application/x-www-form-urlencoded'],
      ['JSON without a content type', '{"query":"hello"}', ''],
      ['empty body', '', 'application/json'],
      ['many keys', JSON.stringify(Object.fromEntries(Array.from({ length: 100_000 }, (_, k) => [`k${k}`, k]))), 'application/json'],
    ];
    for (const op of operations.filter((o) => o.method === 'POST' || o.method === 'PUT')) {
      for (const [name, body, type] of bodies) {
        const path = op.path.replace(/\{\w+\}/g, 'x');
        await send(op, path, { body, headers: type ? { 'content-type': type } : {} }).catch((error: unknown) => {
          throw new Error(`${name}: ${String(error)} ${String((error as Error).cause)}`);
        });
      }
    }
    // Over the body limit: the server answers 413 and may close the socket before the client has sent it all.
    const insert = operations.find((o) => o.path === '/insert')!;
    await send(insert, '/insert', { body: `{"content":"${'x'.repeat(70 * 1024 * 1024)}"}`, headers: { 'content-type': 'application/json' } }).catch((error: unknown) => {
      if (!(error instanceof TypeError)) throw error;
    });
    await alive();
  });

  it('answers multipart edge cases and malformed, bomb-like files with a documented status, and their jobs fail cleanly', async () => {
    const upload = operations.find((o) => o.path === '/upload')!;
    const restore = operations.find((o) => o.path === '/restore')!;
    const form = (parts: [string, Blob | string, string?][]) => {
      const f = new FormData();
      for (const [name, value, filename] of parts) {
        if (typeof value === 'string') f.append(name, value);
        else f.append(name, value, filename);
      }
      return f;
    };
    const pdf = (name: string) => new Blob([readFileSync(`${SHARED_DATA}pdf/${name}`)]);
    // A Word file whose 40 MB of text deflates to 60 KB.
    const bomb = new Blob([await buildDocx(paragraph('bomb '.repeat(8_000_000)), { compress: true })]);
    const multipart: [string, RequestInit][] = [
      ['no boundary', { body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--', headers: { 'content-type': 'multipart/form-data' } }],
      ['truncated multipart', { body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc', headers: { 'content-type': 'multipart/form-data; boundary=x' } }],
      ['file as a plain field', { body: form([['file', 'just text']]) }],
      ['no file field', { body: form([['other', new Blob(['x']), 'a.txt']]) }],
      ['empty file', { body: form([['file', new Blob([]), 'empty.txt']]) }],
      ['two files', { body: form([['file', new Blob(['one']), 'a.txt'], ['file', new Blob(['two']), 'b.txt']]) }],
      ['bad save_to_memory', { body: form([['file', new Blob(['text']), 'a.txt'], ['save_to_memory', 'maybe']]) }],
      ['binary noise', { body: form([['file', new Blob([Buffer.from(Array.from({ length: 65536 }, (_, k) => (k * 7919) % 256))]), 'noise.bin']]) }],
      ['broken PDF', { body: form([['file', pdf('helloworld-bad.pdf'), 'helloworld-bad.pdf']]) }],
      ['PDF bomb', { body: form([['file', pdf('bomb_giant.pdf'), 'bomb_giant.pdf']]) }],
      ['PDF with a looping page tree', { body: form([['file', pdf('Pages-tree-refs.pdf'), 'Pages-tree-refs.pdf']]) }],
      ['encrypted PDF, no password', { body: form([['file', pdf('issue6010_1.pdf'), 'issue6010_1.pdf']]) }],
      ['DOCX bomb', { body: form([['file', bomb, 'bomb.docx']]) }],
      ['fake DOCX', { body: form([['file', new Blob([Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(4000, 1)])]), 'fake.docx']]) }],
      ['CSV with one huge field', { body: form([['file', new Blob([`a,b\n"${'y'.repeat(3_000_000)}",2\n`]), 'huge.csv']]) }],
      ['name with control characters', { body: form([['file', new Blob(['text']), 'a\u0000\u0007\r\n.txt']]) }],
    ];
    const uploadIds: string[] = [];
    // From the first upload until the last accepted file has ended.
    const health = watchHealth();
    for (const [name, init] of multipart) {
      for (const op of [upload, restore]) {
        const res = await fetch(`${server.url}${op.path}`, { ...init, method: 'POST', headers: { authorization: `Bearer ${server.ownerKey}`, ...(init.headers as Record<string, string> | undefined) } }).catch((error: unknown) => {
          throw new Error(`${op.path} ${name}: ${String(error)}`, { cause: error });
        });
        const text = await res.text();
        cases++;
        statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
        expect(res.status, `${op.path} ${name}: ${text.slice(0, 200)}`).not.toBe(500);
        expect(new Set([...op.documented, 413, 415]).has(res.status), `${op.path} ${name}: ${res.status} ${text.slice(0, 200)}`).toBe(true);
        if (op === upload && res.status === 200) uploadIds.push((JSON.parse(text) as { upload_id: string }).upload_id);
      }
    }
    // Accepted files end, completed or failed with a reason; none hangs and none takes the server down.
    const deadline = Date.now() + 5 * 60_000;
    const outcomes = new Map<string, number>();
    let resets = 0;
    for (const id of uploadIds) {
      for (;;) {
        // A parse that holds the server's event loop can outlast keep-alive: the idle socket is then
        // closed under the next request. Counted and retried, not hidden.
        const res = await fetch(`${server.url}/upload/${id}/status`, { headers: { authorization: `Bearer ${server.ownerKey}` } }).catch((error: unknown) => {
          resets++;
          if (resets > 5) throw error;
          return null;
        });
        if (!res) continue;
        const status = (await res.json()) as { status: string; error_details?: { message: string } };
        if (status.status === 'failed') expect(status.error_details?.message).toBeTruthy();
        if (status.status !== 'processing') {
          outcomes.set(status.status, (outcomes.get(status.status) ?? 0) + 1);
          break;
        }
        expect(Date.now(), `upload ${id} still processing`).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const { slowestMs, resets: healthResets } = await health.stop();
    await alive();
    // Regression: parsing ran on the main thread, and the PDF bomb and this DOCX bomb held every
    // answer for 5 to 8 s. Parsers now run on worker threads; what is left is indexing the bomb's
    // 40 MB of text (drafting its 47,000 chunks in one go, about 1 s), hence the margin.
    expect(slowestMs).toBeLessThan(2500);
    recordFigures('Hostile input', {
      'fuzz and edge cases sent': cases,
      'endpoints fuzzed': operations.length,
      'responses by status': [...statusCounts].sort(([a], [b]) => a - b).map(([s, c]) => `${s}:${c}`).join(' '),
      '500 responses': statusCounts.get(500) ?? 0,
      'accepted hostile files completed / failed cleanly': `${outcomes.get('completed') ?? 0} / ${outcomes.get('failed') ?? 0}`,
      'server stayed up': 'yes',
      'slowest /health answer while hostile files parsed (ms)': Math.round(slowestMs),
      'keep-alive connections reset (retried)': resets + healthResets + connectionResets,
    });
  });
});
