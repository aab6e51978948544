import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFileParsers, MIME } from '../../../src/adapters/parsers/parser-registry';
import { createParseWorkers, type ParseWorkersOptions } from '../../../src/adapters/parsers/worker/parse-workers';
import { ParseFailure } from '../../../src/core/parse/types';
import { buildDocx, paragraph } from '../../helpers/docx';
import { SHARED_DATA } from '../../helpers/real-data';
import { tsxWorker } from '../../helpers/test-server';

const worker = tsxWorker('../../src/adapters/parsers/worker/document-worker.ts');
const pool = (options: Partial<ParseWorkersOptions> = {}) => createParseWorkers({ worker, ...options });
const inProcess = createFileParsers();

/** Rejects with the ParseFailure the promise fails with, or fails the test. */
async function failureOf(promise: Promise<unknown>): Promise<ParseFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ParseFailure);
  return error as ParseFailure;
}

/** Longest pause of this thread's event loop while `work` runs, in ms. */
async function longestPause(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  try {
    await work().catch(() => undefined);
  } finally {
    clearInterval(tick);
  }
  // A thread blocked until the end never ticked: the time since the last tick counts too.
  return Math.max(longest, performance.now() - last);
}

describe('parse workers', () => {
  // A Word file of a few tens of kilobytes whose text inflates to 20 MB.
  let bomb: Uint8Array;
  beforeAll(async () => {
    bomb = await buildDocx(paragraph('bomb '.repeat(4_000_000)), { compress: true });
  });

  it('give the same document as the parsers on this thread, for each type', async () => {
    const workers = pool();
    const files: [string, Uint8Array][] = [
      [MIME.markdown, readFileSync(`${SHARED_DATA}markdown/rust-book_ch04-01-what-is-ownership.md`)],
      [MIME.csv, readFileSync(`${SHARED_DATA}csv/vega-airports.csv`)],
      [MIME.docx, await buildDocx(paragraph('Field Guide', 'Title') + paragraph('Turkey vultures ride thermals for hours.'))],
      [MIME.text, Buffer.from('First paragraph.\n\nSecond paragraph, caf\u00e9 and all.')],
    ];
    for (const [type, bytes] of files) {
      const expected = await inProcess.parserFor(type)!.parse(bytes, {});
      expect(await workers.parserFor(type).parse(bytes, {})).toEqual(expected);
    }
  }, 60_000);

  it("bring a parser's refusal back as the same ParseFailure", async () => {
    const workers = pool();
    expect((await failureOf(workers.parserFor(MIME.markdown).parse(Buffer.from('   \n\n  '), {}))).reason).toBe('no_text_found');
    const fake = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(4000, 1)]);
    expect((await failureOf(workers.parserFor(MIME.docx).parse(fake, {}))).reason).toBe('malformed');
  }, 60_000);

  // Regression: on the main thread this file held the event loop (and every API answer) for seconds.
  it('keep this thread free while an inflating Word file parses', async () => {
    const workers = pool();
    let blocks = 0;
    const pause = await longestPause(async () => {
      blocks = (await workers.parserFor(MIME.docx).parse(bomb, {})).blocks.length;
    });
    expect(blocks).toBe(1);
    // Only receiving the 20 MB result costs this thread anything (about 0.1 s); parsing it here takes seconds.
    expect(pause).toBeLessThan(1000);
  }, 60_000);

  it('fail a file that needs more memory than the limit as too_large, and parse the next file on a fresh worker', async () => {
    const workers = pool({ maxHeapMb: 128, maxWorkers: 1 });
    const failure = await failureOf(workers.parserFor(MIME.docx).parse(bomb, {}));
    expect(failure.reason).toBe('too_large');
    expect(failure.message).toContain('128 MB');
    const next = await workers.parserFor(MIME.text).parse(Buffer.from('Still here.'), {});
    expect(next.blocks[0]?.text).toBe('Still here.');
  }, 60_000);

  it('fail a parse over its time budget, or cancelled, as a timeout', async () => {
    const slow = await failureOf(pool({ timeoutMs: 300 }).parserFor(MIME.docx).parse(bomb, {}));
    expect(slow.reason).toBe('timeout');
    expect(slow.message).toContain('0.3 s');

    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    expect((await failureOf(pool().parserFor(MIME.docx).parse(bomb, { signal: stop.signal }))).reason).toBe('timeout');
  }, 60_000);

  it('fail every parse as a deployment fault, not a fault of the file, when the worker script is missing', async () => {
    const workers = createParseWorkers({ worker: { url: new URL('./no-such-worker.js', import.meta.url) }, maxWorkers: 1 });
    for (let i = 0; i < 2; i++) {
      const error = await workers.parserFor(MIME.text).parse(Buffer.from('text'), {}).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ParseFailure);
      expect((error as Error).message).toContain('could not start');
    }
  });

  it('queue the parses beyond maxWorkers and answer each in turn', async () => {
    const workers = pool({ maxWorkers: 1 });
    const parser = workers.parserFor(MIME.text);
    const docs = await Promise.all(['one', 'two', 'three'].map((t) => parser.parse(Buffer.from(t), {})));
    expect(docs.map((d) => d.blocks[0]?.text)).toEqual(['one', 'two', 'three']);
  }, 60_000);
});
