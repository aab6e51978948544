import { Ollama, type ShowResponse } from 'ollama';
import type { ModelInfo } from '../../core/ports';

/** Listing and describing models are quick calls; a server that does not answer in time is down. */
const QUICK_TIMEOUT_MS = 3000;

/**
 * An Ollama client whose every call can be aborted by its own signal (the `ollama` package only
 * aborts all requests at once), plus model descriptions cached by name and digest.
 */
export interface OllamaConnection {
  readonly host: string;
  client(signal?: AbortSignal): Ollama;
  listModels(): Promise<{ name: string; digest: string }[]>;
  describe(model: string): Promise<ModelInfo | null>;
}

export function connectOllama(host: string): OllamaConnection {
  const described = new Map<string, { digest: string; info: ModelInfo }>();
  const client = (signal?: AbortSignal): Ollama =>
    new Ollama({
      host,
      fetch: (input, init) => fetch(input, { ...init, signal: anySignal(init?.signal ?? undefined, signal) }),
    });
  const listModels = async (): Promise<{ name: string; digest: string }[]> => {
    const { models } = await client(AbortSignal.timeout(QUICK_TIMEOUT_MS)).list();
    return models.map((m) => ({ name: m.name, digest: m.digest }));
  };
  return {
    host,
    client,
    listModels,
    async describe(model) {
      const models = await listModels();
      // "llama3.2" names the installed "llama3.2:latest", as it does for Ollama itself.
      const listed = models.find((m) => m.name === model) ?? (model.includes(':') ? undefined : models.find((m) => m.name === `${model}:latest`));
      if (!listed) return null;
      const cached = described.get(listed.name);
      if (cached && cached.digest === listed.digest) return cached.info;
      const show = await client(AbortSignal.timeout(QUICK_TIMEOUT_MS)).show({ model: listed.name });
      const info = { name: listed.name, contextTokens: contextLength(show), capabilities: show.capabilities ?? [] };
      described.set(listed.name, { digest: listed.digest, info });
      return info;
    },
  };
}

/** `model_info` holds "<architecture>.context_length"; a `num_ctx` in the Modelfile narrows it. */
function contextLength(show: ShowResponse): number {
  const info = (show.model_info ?? {}) as unknown as Record<string, unknown>;
  const trained = Object.entries(info).find(([key, value]) => key.endsWith('.context_length') && typeof value === 'number');
  const fromParameters = /(?:^|\n)\s*num_ctx\s+(\d+)/u.exec(show.parameters ?? '');
  return fromParameters ? Number(fromParameters[1]) : trained ? (trained[1] as number) : 2048;
}

function anySignal(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (!a) return b;
  if (!b) return a;
  return AbortSignal.any([a, b]);
}
