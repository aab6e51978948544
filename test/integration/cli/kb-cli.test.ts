import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_DATA, articleText, xquadArticles } from '../../helpers/real-data';
import { startListeningServer, type ListeningServer } from '../../helpers/listening-server';
import { runKb } from '../../helpers/run-kb';
import { WEAK_MATCH_COVERAGE } from '../../../src/shared/coverage';
import { EXIT } from '../../../src/cli/exit-codes';

const ANSI = new RegExp(String.fromCharCode(27));

// Each run starts a Node process (through tsx when the build is not current): allow for a busy machine.
describe('kb command line, run as a process against the real server', { timeout: 120_000 }, () => {
  let server: ListeningServer;
  let tmp: string;
  const kb = (args: string[], stdin?: string) => runKb(args, { url: server.url, key: server.ownerKey, ...(stdin === undefined ? {} : { stdin }) });

  beforeAll(async () => {
    server = await startListeningServer();
    tmp = mkdtempSync(join(tmpdir(), 'kb-cli-'));
  });
  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
    await server.close();
  });

  it('inserts many files as one bulk insert and waits for their jobs', async () => {
    const articles = xquadArticles().filter((a) => ['Nikola_Tesla', 'Genghis_Khan'].includes(a.title));
    const paths = articles.map((a) => {
      const path = join(tmp, `${a.title.replace('_', ' ')}.txt`);
      writeFileSync(path, articleText(a));
      return path;
    });
    const run = await kb(['insert', '--file', ...paths, '--tag', 'xquad']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^job_\S+ completed: \d+ chunks, \d+ facts, doc_\S+$/);
    // Not a terminal: one progress line per stage change on stderr, no colour codes anywhere.
    expect(run.stderr).toMatch(/Nikola Tesla: completed/);
    expect(run.stdout + run.stderr).not.toMatch(ANSI);
  }, 60_000);

  it('inserts text from stdin and prints the job record as JSON', async () => {
    const run = await kb(['insert', '--title', 'Ada', '--json'], 'Ada Lovelace wrote the first published algorithm in 1843.');
    expect(run.code, run.stderr).toBe(0);
    const [job] = JSON.parse(run.stdout) as { status: string; data: { chunks_created: number } }[];
    expect(job).toMatchObject({ status: 'completed', data: { chunks_created: 1 } });
  });

  it('uploads two real files with progress and reports both', async () => {
    const files = [`${SHARED_DATA}markdown/rust-book_ch04-01-what-is-ownership.md`, `${SHARED_DATA}markdown/rust-book_appendix-02-operators.md`];
    const run = await kb(['upload', ...files]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^upl_\S+ rust-book_ch04-01-what-is-ownership\.md completed: \d+ chunks/m);
    expect(run.stdout).toMatch(/^upl_\S+ rust-book_appendix-02-operators\.md completed: \d+ chunks/m);
    expect(run.stderr).toMatch(/rust-book_appendix-02-operators\.md: completed/);
  }, 120_000);

  it('streams an answer with its sources', async () => {
    const run = await kb(['query', 'Where did Tesla live for much of his life?']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/New York/);
    expect(run.stdout).toMatch(/\[\d+\]/);
    expect(run.stdout).toMatch(/Sources\n {2}\[1\] Nikola Tesla chk_\S+/);
    expect(run.stderr).not.toMatch(/Weak match/);
  });

  it('answers a question its documents only touch, and says on stderr that the sources may not answer it', async () => {
    // The Tesla article has his inventions and his life, and nothing of sport or games.
    const json = await kb(['query', '--json', 'Which sport did Tesla play as a boy?']);
    expect(json.code, json.stderr).toBe(0);
    const { metadata } = JSON.parse(json.stdout) as { metadata: { coverage: number } };
    expect(metadata.coverage).toBeLessThan(WEAK_MATCH_COVERAGE);
    const run = await kb(['query', 'Which sport did Tesla play as a boy?']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`Weak match (coverage ${metadata.coverage.toFixed(2)}): the sources may not answer this.`);
  });

  it('names the words of a refused question that no document holds', async () => {
    const run = await kb(['query', 'How do I tune a ukulele?']);
    expect(run.code, run.stdout).toBe(EXIT.insufficientCoverage);
    expect(run.stderr).toContain('No document mentions "ukulele".');
  });

  it('answers from an uploaded file and names where the passage is', async () => {
    const run = await kb(['query', 'What happens to a value when its owner goes out of scope?']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\[1\] What Is Ownership\? \(What Is Ownership\? > [^)]+\) chk_/);
  });

  it('prints the whole response with --json, and reasoning and facts in the other modes', async () => {
    const json = await kb(['query', '--json', 'What did Genghis Khan conquer?']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ success: true, metadata: { model: 'extractive' } });
    const expert = await kb(['query', '--mode', 'expert', 'What did Genghis Khan conquer?']);
    expect(expert.stdout).toMatch(/^1\. .*Genghis Khan/m);
    const raw = await kb(['query', '--mode', 'raw_facts', 'What did Genghis Khan conquer?']);
    expect(raw.code).toBe(0);
    expect(raw.stdout).toMatch(/Genghis Khan/);
    expect(raw.stdout).not.toMatch(/Passages/);
  });

  it('exits 8 when the knowledge base has nothing relevant, without inventing an answer', async () => {
    const run = await kb(['query', 'What is the best recipe for sourdough pancakes with blueberries?']);
    expect(run.code).toBe(8);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/nothing relevant/);
    const json = await kb(['query', '--json', 'What is the best recipe for sourdough pancakes with blueberries?']);
    expect(json.code).toBe(8);
    expect(JSON.parse(json.stdout)).toMatchObject({ insufficient_coverage: true, summary: '' });
  });

  it('keeps, lists, shows, renames and removes a conversation', async () => {
    const asked = await kb(['query', '--keep', 'Where did Tesla live for much of his life?']);
    const session = /session (ses_\S+)/.exec(asked.stderr)?.[1] ?? '';
    expect(session).not.toBe('');
    const list = await kb(['conversations', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(session);
    const show = await kb(['conversations', 'show', session, '--json']);
    expect((JSON.parse(show.stdout) as { messages: unknown[] }).messages).toHaveLength(2);
    expect((await kb(['conversations', 'rename', session, 'Tesla in New York'])).code).toBe(0);
    expect((await kb(['conversations', 'list', '--json'])).stdout).toContain('Tesla in New York');
    expect((await kb(['conversations', 'rm', session])).code).toBe(0);
    expect((await kb(['conversations', 'list'])).stdout).not.toContain(session);
    const gone = await kb(['conversations', 'show', session]);
    expect(gone.code).toBe(3);
    expect(gone.stderr).toMatch(/not found/);
  });

  it('shows job status by id, and lists recent jobs', async () => {
    const accepted = await kb(['insert', '--no-wait', 'Grace Hopper built the first compiler.']);
    const jobId = accepted.stdout.trim();
    expect(jobId).toMatch(/^job_/);
    const run = await kb(['jobs', '--wait', jobId, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject([{ job_id: jobId, status: 'completed', progress: 1 }]);
    const recent = await kb(['jobs', '--limit', '3']);
    expect(recent.code).toBe(0);
    expect(recent.stdout.split('\n')[0]).toBe(`${jobId} completed 100%`);
  });

  it('has exit codes scripts can rely on', async () => {
    expect((await runKb(['conversations', 'list'], { url: server.url, key: 'svc_live_wrongwrongwrongwrongwrongwrongwrong' })).code).toBe(4);
    expect((await runKb(['conversations', 'list'], { url: 'http://127.0.0.1:9', key: server.ownerKey })).code).toBe(6);
    const badMode = await kb(['query', '--mode', 'poetry', 'x']);
    expect(badMode.code).toBe(2);
    expect(badMode.stderr).toMatch(/poetry/);
    expect((await kb(['frobnicate'])).code).toBe(2);
    expect((await kb(['insert', '   '])).code).toBe(3);
    const help = await kb(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes:/);
  });
});
