/**
 * First-run model setup through the API, end to end against STAND-INS (no model weights and no
 * Ollama exist here): the self-made tiny ONNX embedder served by a local server in the Hugging
 * Face hub layout (test/helpers/model-hub-server.ts), and the Ollama stand-in with /api/pull
 * (test/helpers/ollama-pull-stand-in.ts). The downloads, their progress, cancel, resume and the
 * re-index afterwards all really run.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig, type ModelsConfig } from '../../src/core/config';
import type { ModelDownloadOut, SetupStatusOut } from '../../src/shared/model-setup-schemas';
import { startHubServer, type HubServer } from '../helpers/model-hub-server';
import { pullStandIn } from '../helpers/ollama-pull-stand-in';
import type { StandInModel } from '../helpers/ollama-stand-in';
import { articleText, xquadArticles } from '../helpers/real-data';
import { TINY_CHAT as CHAT, useOllamaStandIn } from '../helpers/server-with-ollama-stand-in';
import { startTestServer, tsxWorker, waitForJob, type TestServer } from '../helpers/test-server';
import { writeTinyEmbeddingModel } from '../helpers/tiny-embedding-model';

const worker = tsxWorker('../../src/adapters/embed/transformers-worker.ts');
const MODEL = 'knowledge-desk/tiny-embedder';
const articles = xquadArticles().slice(0, 3).map(articleText);
const words = [...new Set(articles.join(' ').toLowerCase().match(/\p{L}+/gu) ?? [])];

let hubDir: string;
let hub: HubServer;
let server: TestServer | null = null;

beforeAll(async () => {
  hubDir = mkdtempSync(join(tmpdir(), 'kb-hub-'));
  writeTinyEmbeddingModel(join(hubDir, 'tiny-embedder'), { words: [...words, 'physician', 'doctor'], synonyms: [['physician', 'doctor']] });
  hub = await startHubServer({ [MODEL]: join(hubDir, 'tiny-embedder') }, { files: /\.onnx$/u, chunkBytes: 4096, chunkMs: 40 });
});
afterAll(async () => {
  await hub.close();
  rmSync(hubDir, { recursive: true, force: true });
});
afterEach(async () => {
  await server?.close();
  server = null;
});

function modelsConfig(setup: Partial<ModelsConfig['setup']>): ModelsConfig {
  const base = resolveConfig({ dataDir: '/unused' }).models;
  return { ...base, setup: { ...base.setup, downloadHost: hub.host, chatModels: [], ollamaEmbedders: [], transformersEmbedders: [], ...setup } };
}

async function start(ollamaHost: string, models: ModelsConfig): Promise<TestServer> {
  server = await startTestServer({ ollamaHost, models }, undefined, { models: { config: models, modelDirs: [], embedWorker: worker } });
  return server;
}

const status = async (s: TestServer): Promise<SetupStatusOut> => {
  const res = await s.json<SetupStatusOut>('GET', '/setup/models');
  expect(res.status).toBe(200);
  return res.body;
};

/** Polls the setup status until `done` holds for it. */
async function until(s: TestServer, done: (st: SetupStatusOut) => boolean, timeoutMs = 60_000): Promise<SetupStatusOut> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const st = await status(s);
    if (done(st)) return st;
    if (Date.now() > deadline) throw new Error(`setup status did not reach the expected state: ${JSON.stringify(st)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const download = (st: SetupStatusOut, model: string): ModelDownloadOut | undefined => st.downloads.find((d) => d.model === model);

describe('embedder download in setup', () => {
  it('downloads only when asked, with progress; cancel keeps the complete files; resume fetches only the rest; then the new embedder is indexed', async () => {
    const s = await start('http://127.0.0.1:9', modelsConfig({ transformersEmbedders: [{ name: MODEL, sizeBytes: 300_000, description: 'tiny test embedder' }] }));
    for (const [i, text] of articles.entries()) {
      const { body } = await s.json('POST', '/insert', { body: { content: text, title: `Article ${i}` } });
      await waitForJob(s, body.job_id as string, undefined, 60_000);
    }

    const first = await status(s);
    expect(first.needs_setup).toBe(true);
    expect(first.ollama.reachable).toBe(false);
    expect(first.ollama.how_to_get).toMatch(/ollama\.com\/download/u);
    expect(first.offered.transformers_embedders).toEqual([{ name: MODEL, size_bytes: 300_000, description: 'tiny test embedder', installed: false }]);
    // Choosing the embedder is not consent to download it: downloads stay off by configuration.
    await s.json('PUT', '/settings/models', { body: { embedder: { kind: 'transformers', model: MODEL } } });
    await until(s, (st) => st.embedder.state === 'failed');
    expect(hub.fetched).toEqual([]);
    await s.json('PUT', '/settings/models', { body: { embedder: { kind: 'hashed' } } });

    const started = await s.json<{ download: ModelDownloadOut }>('POST', '/setup/models/download', { body: { model: MODEL } });
    expect(started.status).toBe(200);
    expect(started.body.download).toMatchObject({ kind: 'transformers', model: MODEL, state: 'running' });
    const id = started.body.download.download_id;
    const midway = await until(s, (st) => {
      const d = download(st, MODEL)!;
      return d.total_bytes > 0 && d.completed_bytes > d.total_bytes * 0.2;
    });
    const running = download(midway, MODEL)!;
    expect(running.state).toBe('running');
    expect(running.progress).toBeGreaterThan(0);
    expect(running.progress).toBeLessThan(1);
    expect(running.message).toMatch(/model\.onnx/u);

    const cancelled = await s.json<{ download: ModelDownloadOut }>('POST', `/setup/models/downloads/${id}/cancel`);
    expect(cancelled.body.download.state).toBe('cancelled');
    const modelDir = join(s.dataDir, 'models', MODEL);
    expect(existsSync(join(modelDir, 'tokenizer.json'))).toBe(true);
    expect(existsSync(join(modelDir, 'onnx', 'model.onnx'))).toBe(false);
    expect(readdirSync(modelDir, { recursive: true }).filter((f) => String(f).includes('.tmp.'))).toEqual([]);
    expect((await status(s)).offered.transformers_embedders[0]!.installed).toBe(false);
    const before = [...hub.fetched];

    hub.slow.chunkMs = 1;
    const resumed = await s.json<{ download: ModelDownloadOut }>('POST', '/setup/models/download', { body: { model: MODEL } });
    expect(resumed.body.download).toMatchObject({ download_id: id, state: 'running' });
    const done = await until(s, (st) => download(st, MODEL)!.state !== 'running');
    expect(download(done, MODEL)).toMatchObject({ state: 'completed', progress: 1, activated_as: 'embedder', error: null });
    // Only the file that was cut off is fetched again.
    expect(hub.fetched.slice(before.length)).toEqual([`${MODEL}/onnx/model.onnx`]);
    expect(before).toContain(`${MODEL}/tokenizer.json`);

    const indexed = await until(s, (st) => st.embedder.state === 'ready' && st.vector_index.state === 'idle' && (st.vector_index.embedder_id ?? '').startsWith('transformers:'));
    expect(indexed.embedder.choice).toEqual({ kind: 'transformers', model: MODEL });
    expect(indexed.needs_setup).toBe(false);
    expect(indexed.offered.transformers_embedders[0]!.installed).toBe(true);
    const health = await s.json<{ components: { embedder: string } }>('GET', '/health');
    expect(health.body.components.embedder).toBe(`ready: using transformers:${MODEL}:32`);
  });

  it('says a download failed when the host does not have the model, and refuses names that are not model ids', async () => {
    const s = await start('http://127.0.0.1:9', modelsConfig({}));
    await s.json('POST', '/setup/models/download', { body: { model: 'nobody/missing-model' } });
    const failed = await until(s, (st) => download(st, 'nobody/missing-model')?.state !== 'running');
    expect(download(failed, 'nobody/missing-model')).toMatchObject({ state: 'failed', activated_as: null });
    expect(download(failed, 'nobody/missing-model')!.error).toMatch(/could not be downloaded/u);
    expect(failed.embedder.choice).toEqual({ kind: 'hashed' });
    const bad = await s.json<{ error: { code: string } }>('POST', '/setup/models/download', { body: { model: '../../etc' } });
    expect(bad.status).toBe(400);
  });
});

describe('Ollama models in setup', () => {
  const startWithStandIn = useOllamaStandIn();
  const EMBED: StandInModel = { name: 'nomic-embed-text:latest', contextLength: 2048, capabilities: ['embedding'] };

  it('offers the recommended models when Ollama has none, pulls one with progress, cancels, resumes from where it was, and answers with it', { timeout: 60_000 }, async () => {
    const installed: StandInModel[] = [];
    const pulls = pullStandIn({ installed, library: [{ ...CHAT, sizeBytes: 2_000_000 }, { ...EMBED, sizeBytes: 500_000 }], stepMs: 60 });
    const { server: s } = await startWithStandIn(() => ({ content: ['Answer ', 'from the pulled model.'] }), {
      models: installed,
      standIn: { embed: (texts) => texts.map((t) => Array.from({ length: 8 }, (_, i) => ((t.length * (i + 1)) % 7) / 7 + 0.1)), routes: pulls.routes },
      config: modelsConfig({
        chatModels: [{ name: 'tiny-chat', sizeBytes: 2_000_000, description: 'a small chat model' }],
        ollamaEmbedders: [{ name: 'nomic-embed-text', sizeBytes: 500_000, description: 'an embedding model' }],
      }),
      embedWorker: worker,
    });
    const first = await status(s);
    expect(first).toMatchObject({ needs_setup: true, answer_model: null, ollama: { reachable: true, installed: [], how_to_get: null } });
    expect(first.offered.chat_models.map((m) => [m.name, m.installed])).toEqual([['tiny-chat', false]]);

    const { body } = await s.json<{ download: ModelDownloadOut }>('POST', '/setup/models/pull', { body: { model: 'tiny-chat' } });
    const id = body.download.download_id;
    await until(s, (st) => download(st, 'tiny-chat')!.completed_bytes >= 400_000);
    const cancelled = await s.json<{ download: ModelDownloadOut }>('POST', `/setup/models/downloads/${id}/cancel`);
    expect(cancelled.body.download.state).toBe('cancelled');
    expect(cancelled.body.download.progress).toBeGreaterThan(0.1);
    expect(installed).toEqual([]);

    pulls.stepMs = 1;
    await s.json('POST', '/setup/models/pull', { body: { model: 'tiny-chat' } });
    const done = await until(s, (st) => download(st, 'tiny-chat')!.state !== 'running');
    // Both layers counted: the download's size is the model's.
    expect(download(done, 'tiny-chat')).toMatchObject({ download_id: id, state: 'completed', progress: 1, activated_as: 'answer_model', completed_bytes: 2_000_000, total_bytes: 2_000_000 });
    // Ollama went on from the bytes it had.
    expect(pulls.pulls.map((p) => p.from)).toEqual([0, pulls.pulls[1]!.from]);
    expect(pulls.pulls[1]!.from).toBeGreaterThanOrEqual(400_000);
    expect(done).toMatchObject({ needs_setup: false, answer_model: 'tiny-chat:latest' });
    expect(done.offered.chat_models[0]!.installed).toBe(true);

    const { body: inserted } = await s.json('POST', '/insert', { body: { content: 'Marie Curie was born in Warsaw in 1867.', title: 'Curie' } });
    await waitForJob(s, inserted.job_id as string, undefined, 60_000);
    const answer = await s.json<{ summary: string; metadata: { model: string } }>('POST', '/query', { body: { query: 'Where was Marie Curie born?' } });
    expect(answer.body.metadata.model).toBe('tiny-chat:latest');

    // An Ollama embedding model becomes the embedder, and the index is rebuilt with it.
    await s.json('POST', '/setup/models/pull', { body: { model: 'nomic-embed-text' } });
    const embedded = await until(s, (st) => st.vector_index.state === 'idle' && (st.vector_index.embedder_id ?? '').startsWith('ollama:'));
    expect(download(embedded, 'nomic-embed-text')).toMatchObject({ state: 'completed', activated_as: 'embedder' });
    expect(embedded.embedder.choice).toEqual({ kind: 'ollama', model: 'nomic-embed-text:latest' });
    expect(embedded.ollama.installed).toEqual([
      { name: 'tiny-chat:latest', capabilities: ['completion'] },
      { name: 'nomic-embed-text:latest', capabilities: ['embedding'] },
    ]);

    await s.json('POST', '/setup/models/pull', { body: { model: 'no-such-model' } });
    const failed = await until(s, (st) => download(st, 'no-such-model')?.state !== 'running');
    expect(download(failed, 'no-such-model')!.state).toBe('failed');
    expect(download(failed, 'no-such-model')!.error).toMatch(/file does not exist/u);
  });

  it('says how to get Ollama when it is not running, and keeps answering from the documents', async () => {
    const s = await start('http://127.0.0.1:9', modelsConfig({ chatModels: [{ name: 'tiny-chat', sizeBytes: 1, description: 'x' }] }));
    await s.json('POST', '/setup/models/pull', { body: { model: 'tiny-chat' } });
    const failed = await until(s, (st) => download(st, 'tiny-chat')?.state !== 'running');
    expect(download(failed, 'tiny-chat')!.error).toMatch(/Ollama is not running at http:\/\/127\.0\.0\.1:9: install it from https:\/\/ollama\.com\/download/u);
    const { body } = await s.json('POST', '/insert', { body: { content: 'Marie Curie was born in Warsaw in 1867.', title: 'Curie' } });
    await waitForJob(s, body.job_id as string, undefined, 60_000);
    const answer = await s.json<{ summary: string; metadata: { model: string } }>('POST', '/query', { body: { query: 'Where was Marie Curie born?' } });
    expect(answer.body.metadata.model).toBe('extractive');
    expect(answer.body.summary).toMatch(/Warsaw/u);
  });

  it('is the local owner’s alone: any other account gets 403 and nothing is fetched', async () => {
    const s = await start('http://127.0.0.1:9', modelsConfig({}));
    const signup = await s.json<{ api_key: string }>('POST', '/api/auth/signup', { body: { email: 'guest@example.com', password: 'long enough password' }, key: null });
    const key = signup.body.api_key;
    const fetchedBefore = hub.fetched.length;
    expect((await s.json('GET', '/setup/models', { key })).status).toBe(403);
    expect((await s.json('POST', '/setup/models/download', { body: { model: MODEL }, key })).status).toBe(403);
    expect((await s.json('POST', '/setup/models/pull', { body: { model: 'tiny-chat' }, key })).status).toBe(403);
    expect((await s.json('POST', '/setup/models/downloads/dl_x/cancel', { key })).status).toBe(403);
    expect(hub.fetched.length).toBe(fetchedBefore);
    expect((await status(s)).downloads).toEqual([]);
    const openapi = await s.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>('GET', '/openapi.json');
    expect(Object.keys(openapi.body.paths).filter((p) => p.startsWith('/setup/'))).toEqual([
      '/setup/models',
      '/setup/models/pull',
      '/setup/models/download',
      '/setup/models/downloads/{download_id}/cancel',
    ]);
    expect(Object.keys(openapi.body.paths['/setup/models']!.get!.responses)).toContain('403');
  });
});
