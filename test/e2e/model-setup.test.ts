import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resolveConfig } from '../../src/core/config';
import { startServer } from '../../src/node/start-server';
import { startHubServer, type HubServer } from '../helpers/model-hub-server';
import { pullStandIn, type PullStandIn } from '../helpers/ollama-pull-stand-in';
import { startOllamaStandIn, type OllamaStandIn, type StandInModel } from '../helpers/ollama-stand-in';
import { articleText, xquadArticles } from '../helpers/real-data';
import { writeTinyEmbeddingModel } from '../helpers/tiny-embedding-model';
import { seriousViolations } from './axe-findings';
import { buildRenderer, launchChromium, openApp, screenshotPath, type UiServer } from './ui-harness';

/**
 * First-run model setup in the app, in Debian's Chromium against the real headless server, with
 * STAND-INS for what cannot exist here: the self-made tiny ONNX embedder served in the Hugging
 * Face hub layout by a local server, and Ollama (first not running, then running with no model
 * and /api/pull). The first-run strip opens the setup; the embedder downloads with a progress bar,
 * is cancelled, resumed and put to use with the documents re-indexed; then a chat model is pulled
 * from Settings and answers are written by it. Screenshots go to test-results/screens/.
 */
const MODEL = 'knowledge-desk/tiny-embedder';
const CLOSED_PORT = 'http://127.0.0.1:9';
const tsxWorker = (entry: string) => ({ url: new URL('../helpers/tsx-worker.mjs', import.meta.url), workerData: { entry: new URL(entry, import.meta.url).href } });

const folderBytes = (dir: string): number =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).reduce((n, e) => n + (e.isFile() ? statSync(join(e.parentPath, e.name)).size : 0), 0);

let hubDir = '';
let dataDir = '';
let hub: HubServer;
let pulls: PullStandIn;
let standIn: OllamaStandIn;
let server: UiServer;
let browser: Browser;
let page: Page;

async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.ownerKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe('model setup in the app', () => {
  beforeAll(async () => {
    const articles = xquadArticles().slice(0, 4).map(articleText);
    const words = [...new Set(articles.join(' ').toLowerCase().match(/\p{L}+/gu) ?? [])];
    hubDir = mkdtempSync(join(tmpdir(), 'kb-e2e-hub-'));
    writeTinyEmbeddingModel(join(hubDir, 'tiny-embedder'), { words });
    hub = await startHubServer({ [MODEL]: join(hubDir, 'tiny-embedder') }, { files: /\.onnx$/u, chunkBytes: 2048, chunkMs: 80 });

    // Ollama already has an embedding model but no chat model.
    const installed: StandInModel[] = [{ name: 'mxbai-embed-large:latest', contextLength: 512, capabilities: ['embedding'] }];
    pulls = pullStandIn({ installed, library: [{ name: 'tiny-chat:latest', contextLength: 4096, capabilities: ['completion'], sizeBytes: 1_300_000_000 }], stepMs: 150 });
    standIn = await startOllamaStandIn({
      models: installed,
      reply: () => ({ content: ['Written by ', 'the pulled model [1].'] }),
      embed: (texts) => texts.map((t) => Array.from({ length: 16 }, (_, i) => ((t.length * (i + 3)) % 11) / 11 + 0.05)),
      routes: pulls.routes,
    });

    const base = resolveConfig({ dataDir: '/unused' }).models;
    const models = {
      ...base,
      setup: {
        downloadHost: hub.host,
        chatModels: [{ name: 'tiny-chat', sizeBytes: 1_300_000_000, description: 'A small chat model (stand-in)' }],
        ollamaEmbedders: [],
        transformersEmbedders: [{ name: MODEL, sizeBytes: folderBytes(join(hubDir, 'tiny-embedder')), description: 'A tiny embedding model (stand-in)' }],
      },
    };
    dataDir = mkdtempSync(join(tmpdir(), 'kb-e2e-'));
    const started = await startServer({
      engine: resolveConfig({ dataDir, version: 'e2e', ollamaHost: CLOSED_PORT, models }),
      host: '127.0.0.1',
      port: 0,
      uiDir: await buildRenderer(),
      adapters: { models: { config: models, modelDirs: [], embedWorker: tsxWorker('../../src/adapters/embed/transformers-worker.ts') } },
    });
    server = { url: started.server.url, ownerKey: started.owner.apiKey, started, close: () => started.stop() };
    for (const [i, content] of articles.entries()) await api('POST', '/insert', { content, title: `Article ${i}` });
    await started.engine.idle();
    browser = await launchChromium();
    page = await openApp(browser, server);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await standIn?.stop();
    await hub?.close();
    for (const dir of [hubDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opens from the first-run strip, says Ollama is not found, downloads the embedder with progress, cancels, resumes and uses it', async () => {
    const strip = page.getByTestId('first-run');
    await strip.getByRole('heading', { name: 'Set up models' }).waitFor({ timeout: 15_000 });
    await strip.getByRole('button', { name: 'Set up' }).click();

    const missing = strip.getByTestId('ollama-missing');
    await expect.poll(() => missing.textContent()).toMatch(/Ollama not found\..*Install it from https:\/\/ollama\.com\/download/u);
    expect(await missing.getByRole('link', { name: 'Get Ollama' }).getAttribute('href')).toBe('https://ollama.com/download');

    const row = strip.locator(`[data-testid="offer-row"][data-model="${MODEL}"]`);
    await row.getByRole('button', { name: /^Download \(\d+ kB\)$/u }).click();
    const bar = row.getByRole('progressbar', { name: `${MODEL} download` });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThanOrEqual(15);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    expect(await row.getByTestId('download-state').textContent()).toMatch(/^Downloading: \d+ kB of \d+ kB \(\d+%\) · downloading onnx\/model\.onnx/u);
    await page.screenshot({ path: screenshotPath('models-setup') });

    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row.getAttribute('data-state')).toBe('cancelled');
    expect(await row.getByTestId('download-state').textContent()).toMatch(/^Paused at \d+ kB of \d+ kB: Resume goes on from there/u);
    expect(await seriousViolations(page)).toEqual([]);

    hub.slow.chunkMs = 5;
    await row.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('completed');
    await expect.poll(() => row.getByText('In use', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
    expect(await row.getByTestId('download-state').textContent()).toBe('Installed and in use as the embedder');
    // The documents are indexed again with the new embedder, in the background.
    await expect.poll(() => strip.getByTestId('embedder-state').textContent(), { timeout: 30_000 }).toMatch(new RegExp(`transformers ${MODEL} · using transformers:${MODEL}:32`, 'u'));
    await expect.poll(async () => ((await api('GET', '/setup/models')).vector_index as { embedder_id: string; state: string }), { timeout: 30_000 }).toEqual(
      expect.objectContaining({ state: 'idle', embedder_id: `transformers:${MODEL}:32` }),
    );
    // Complete files were not fetched twice: the cut-off model file alone was fetched again.
    expect(hub.fetched.filter((f) => f.endsWith('tokenizer.json'))).toHaveLength(1);
    expect(hub.fetched.filter((f) => f.endsWith('model.onnx'))).toHaveLength(2);
    await strip.getByRole('heading', { name: 'Models are set up' }).waitFor();
  });

  it('pulls a chat model from Settings when Ollama runs with none, and answers are then written by it', async () => {
    await api('PUT', '/settings/models', { ollama_host: standIn.host });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    const setup = page.getByTestId('model-setup');
    const row = setup.locator('[data-testid="offer-row"][data-model="tiny-chat"]');
    await row.getByRole('button', { name: 'Download (1.3 GB)' }).click();
    const bar = row.getByRole('progressbar', { name: 'tiny-chat download' });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('models-pull') });
    pulls.stepMs = 5;
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('completed');
    await expect.poll(() => setup.getByTestId('answer-model').textContent()).toBe('Answers are written by tiny-chat:latest through Ollama.');
    expect(await row.getByText('In use', { exact: true }).count()).toBe(1);
    // The model pickers above follow at once.
    await expect.poll(() => page.getByLabel('Answer model').inputValue()).toBe('tiny-chat:latest');

    const answer = await api('POST', '/query', { query: 'What do the articles say?' });
    expect((answer.metadata as { model: string }).model).toBe('tiny-chat:latest');
  });

  it('offers the embedding model Ollama already has, and uses it without downloading anything', async () => {
    const setup = page.getByTestId('model-setup');
    const row = setup.locator('[data-testid="offer-row"][data-model="mxbai-embed-large:latest"]');
    expect(await row.textContent()).toMatch(/installed in Ollama/u);
    const pullsBefore = pulls.pulls.length;
    await row.getByRole('button', { name: 'Use' }).click();
    await expect.poll(() => row.getByText('In use', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => ((await api('GET', '/setup/models')).vector_index as { embedder_id: string; state: string }), { timeout: 30_000 }).toEqual(
      expect.objectContaining({ state: 'idle', embedder_id: 'ollama:mxbai-embed-large:latest:16' }),
    );
    expect(pulls.pulls.length).toBe(pullsBefore);
    // The embedder downloaded earlier is still offered, now no longer in use.
    const previous = setup.locator(`[data-testid="offer-row"][data-model="${MODEL}"]`);
    expect(await previous.getByRole('button', { name: 'Use' }).count()).toBe(1);
    expect(await previous.getByTestId('download-state').textContent()).toBe('Installed');
  });
});
