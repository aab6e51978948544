/**
 * The transformers.js embedder end to end (WordPiece tokenizer, ONNX inference on
 * onnxruntime-node, mean pooling, normalisation) on a worker thread, with a tiny STAND-IN model
 * that the test writes itself (test/helpers/tiny-embedding-model.ts): no real weights can be
 * downloaded here, and the same code loads a real model folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTransformersEmbedder } from '../../src/adapters/embed/transformers-embedder';
import { resolveConfig } from '../../src/core/config';
import { articleText, xquadArticles } from '../helpers/real-data';
import { writeTinyEmbeddingModel } from '../helpers/tiny-embedding-model';
import { startTestServer, tsxWorker, waitForJob } from '../helpers/test-server';

const worker = tsxWorker('../../src/adapters/embed/transformers-worker.ts');
const articles = xquadArticles().slice(0, 6).map(articleText);
const words = [...new Set(articles.join(' ').toLowerCase().match(/\p{L}+/gu) ?? [])];
let modelDir: string;

beforeAll(() => {
  modelDir = mkdtempSync(join(tmpdir(), 'kb-models-'));
  writeTinyEmbeddingModel(join(modelDir, 'tiny-embedder'), { words: [...words, 'physician', 'doctor', 'automobile', 'car'], synonyms: [['physician', 'doctor'], ['automobile', 'car']] });
});
afterAll(() => rmSync(modelDir, { recursive: true, force: true }));

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('transformers.js embedder', () => {
  it('tokenises, runs the ONNX graph and pools to unit vectors, off the main thread, in batches', async () => {
    const progress: string[] = [];
    const embedder = await openTransformersEmbedder({ script: worker, model: 'tiny-embedder', modelDirs: [modelDir], downloadDir: null, progress: (_f, m) => progress.push(m), batchSize: 2 });
    try {
      expect(embedder.id).toBe('transformers:tiny-embedder:32');
      expect(embedder.quality).toBe('semantic');
      const [doctor, physician, car, automobile] = await embedder.embed(['the doctor', 'the physician', 'a car', 'an automobile', 'x']);
      expect(Math.hypot(...doctor!)).toBeCloseTo(1, 5);
      expect(dot(doctor!, physician!)).toBeGreaterThan(0.9);
      expect(dot(doctor!, car!)).toBeLessThan(dot(car!, automobile!));
      expect(progress.some((m) => m.includes('loading'))).toBe(true);
    } finally {
      await embedder.close();
    }
  });

  it('says where to put a model that is missing when downloads are not allowed', async () => {
    await expect(openTransformersEmbedder({ script: worker, model: 'all-MiniLM-L6-v2', modelDirs: [modelDir], downloadDir: null, progress: () => undefined })).rejects.toThrow(
      /not in .*; put its folder there/u,
    );
  });
});

describe('switching the embedder on a populated store', () => {
  it('keeps answering throughout, builds the new index in the background, then swaps to it', async () => {
    const models = resolveConfig({ dataDir: '/unused' }).models;
    // Ollama is pointed at a closed port: answers stay extractive, which is what this test expects.
    const server = await startTestServer({ ollamaHost: 'http://127.0.0.1:9' }, undefined, { models: { config: models, modelDirs: [modelDir], embedWorker: worker } });
    try {
      for (const [i, text] of articles.entries()) {
        const { body } = await server.json('POST', '/insert', { body: { content: text, title: `Article ${i}` } });
        await waitForJob(server, body.job_id as string, undefined, 60_000);
      }
      const question = articles[0]!.split(/(?<=\.)\s/u)[0]!;
      const before = await server.json<{ chunks: unknown[] }>('POST', '/query', { body: { query: question } });
      expect(before.status).toBe(200);
      expect((await server.json<{ status: { vector_index: { embedderId: string } } }>('GET', '/settings/models')).body.status.vector_index.embedderId).toBe('hashed-ngram-256-v1');

      const put = await server.json('PUT', '/settings/models', { body: { embedder: { kind: 'transformers', model: 'tiny-embedder' } } });
      expect(put.status).toBe(200);
      const states = new Set<string>();
      let answered = 0;
      for (let i = 0; i < 400; i++) {
        const q = await server.json<{ chunks: unknown[] }>('POST', '/query', { body: { query: question } });
        expect(q.status).toBe(200);
        expect(q.body.chunks.length).toBeGreaterThan(0);
        answered += 1;
        const { body } = await server.json<{ status: { embedder: { state: string }; vector_index: { state: string; embedderId: string | null } } }>('GET', '/settings/models');
        states.add(`${body.status.embedder.state}/${body.status.vector_index.state}`);
        if (body.status.embedder.state === 'ready' && body.status.vector_index.state === 'idle' && body.status.vector_index.embedderId?.startsWith('transformers:')) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(answered).toBeGreaterThan(1);
      // Queries were answered while the new embedder loaded and its index was built.
      expect([...states].some((s) => s.startsWith('loading') || s.endsWith('building'))).toBe(true);
      const health = await server.json<{ components: { embedder: string } }>('GET', '/health');
      expect(health.body.components.embedder).toBe('ready: using transformers:tiny-embedder:32');

      // New documents now go into the new index, and the vector leg answers from it.
      const { body } = await server.json('POST', '/insert', { body: { content: 'The physician treated the patient at the clinic.', title: 'Clinic' } });
      await waitForJob(server, body.job_id as string, undefined, 60_000);
      const after = await server.json<{ chunks: { title: string }[] }>('POST', '/query', { body: { query: 'the physician treated the patient', include_summary: false } });
      expect(after.body.chunks[0]!.title).toBe('Clinic');
      await server.restart();
      const restarted = await server.json<{ settings: { embedder: { kind: string } } }>('GET', '/settings/models');
      expect(restarted.body.settings.embedder.kind).toBe('transformers');
    } finally {
      await server.close();
    }
  });
});
