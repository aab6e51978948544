/**
 * The model-setup service on its own, with a scripted installer: what a second request for a
 * running download returns, what stopping the engine does to a download, and how the setup status
 * reads an Ollama with models the user chose before.
 */
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/core/config';
import { createBuiltinExtractor } from '../../src/core/extract/builtin-extractor';
import { createHashedEmbedder } from '../../src/core/embed/hashed-embedder';
import type { DownloadListener, InstalledOllamaModel, ModelInstaller } from '../../src/core/models/model-installer';
import { ModelRuntime } from '../../src/core/models/model-runtime';
import type { ModelBackends } from '../../src/core/models/model-settings';
import { ModelSetup } from '../../src/core/models/model-setup';
import type { IndexBuildStatus } from '../../src/core/models/vector-sync';

const INDEX: IndexBuildStatus = { embedderId: 'hashed-ngram-256-v1', state: 'idle', progress: 1, message: 'up to date' };

/** An installer whose pulls wait until released (or aborted), reporting what they were given. */
function scriptedInstaller(installed: InstalledOllamaModel[] | null) {
  const started: string[] = [];
  let release = (): void => undefined;
  const installer: ModelInstaller = {
    ollamaModels: async () => installed,
    async pullOllamaModel(_host, model, signal, progress: DownloadListener) {
      started.push(model);
      progress({ completed: 10, total: 100, message: `pulling ${model}` });
      await new Promise<void>((resolve, reject) => {
        release = resolve;
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
      installed?.push({ name: `${model}:latest`, capabilities: ['completion'] });
    },
    transformersModelInstalled: async () => false,
    downloadTransformersModel: async () => undefined,
  };
  return { installer, started, release: () => release() };
}

function runtime(): ModelRuntime {
  const config = resolveConfig({ dataDir: '/unused' });
  const backends = { chatModel: () => null, extractor: (_s: unknown, b: unknown) => b, webSearch: () => null, close: async () => undefined } as unknown as ModelBackends;
  return new ModelRuntime(config, createBuiltinExtractor(), createHashedEmbedder(), backends, null);
}

const setupConfig = resolveConfig({ dataDir: '/unused' }).models.setup;

describe('model setup service', () => {
  it('answers a second request for a running pull with the same download, and starts no second pull', async () => {
    const scripted = scriptedInstaller([]);
    const setup = new ModelSetup({ models: runtime(), installer: scripted.installer, config: setupConfig });
    const first = setup.pull('llama3.2:3b', true);
    await new Promise((r) => setTimeout(r, 10));
    const second = setup.pull('llama3.2:3b', true);
    expect(second.id).toBe(first.id);
    expect(second.state).toBe('running');
    expect(second.completedBytes).toBe(10);
    expect(scripted.started).toEqual(['llama3.2:3b']);
    scripted.release();
    await setup.close();
  });

  it('stops a running download when the engine closes, and refuses new ones after', async () => {
    const scripted = scriptedInstaller([]);
    const setup = new ModelSetup({ models: runtime(), installer: scripted.installer, config: setupConfig });
    setup.pull('qwen2.5:3b', true);
    await new Promise((r) => setTimeout(r, 10));
    await setup.close();
    const [download] = (await setup.status(INDEX)).downloads;
    expect(download).toMatchObject({ model: 'qwen2.5:3b', state: 'cancelled' });
    expect(() => setup.pull('qwen2.5:3b', true)).toThrow(/stopping/u);
  });

  it('reads the answer model the user chose, and needs no setup once one is installed', async () => {
    const models = runtime();
    await models.update({ ...models.settings(), answerModel: 'qwen2.5:3b' });
    const installed = [
      { name: 'nomic-embed-text:latest', capabilities: ['embedding'] },
      { name: 'qwen2.5:3b', capabilities: ['completion'] },
    ];
    const setup = new ModelSetup({ models, installer: scriptedInstaller(installed).installer, config: setupConfig });
    const status = await setup.status(INDEX);
    expect(status.answerModel).toBe('qwen2.5:3b');
    expect(status.needsSetup).toBe(false);
    expect(status.offered.chatModels.find((m) => m.name === 'qwen2.5:3b')?.installed).toBe(true);
    expect(status.offered.ollamaEmbedders.find((m) => m.name === 'nomic-embed-text')?.installed).toBe(true);

    // An embedding model alone writes no answers: setup is still needed.
    const embeddingOnly = new ModelSetup({ models: runtime(), installer: scriptedInstaller([installed[0]!]).installer, config: setupConfig });
    expect((await embeddingOnly.status(INDEX)).needsSetup).toBe(true);
  });

  it('refuses model names that would leave the models folder', () => {
    const setup = new ModelSetup({ models: runtime(), installer: scriptedInstaller([]).installer, config: setupConfig });
    for (const name of ['../evil', 'a/../../b', '/etc/passwd', 'a/b/c']) expect(() => setup.download(name, true)).toThrow(/not a model id/u);
    expect(() => setup.pull('bad name', true)).toThrow(/not an Ollama model name/u);
  });
});
