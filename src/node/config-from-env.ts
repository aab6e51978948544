import { resolve } from 'node:path';
import { DEFAULT_LIMITS, DEFAULT_MODELS, resolveConfig, type EngineConfig, type ModelsConfig } from '../core/config';
import { defaultExtractWorkers } from '../adapters/workers/worker-extractor';
import { defaultDataDir } from './default-data-dir';

export const DEFAULT_PORT = 8765;

export interface ServerSettings {
  engine: EngineConfig;
  host: string;
  port: number;
  allowedHosts: string[];
  allowedOrigins: string[];
  /** Worker threads for fact extraction (0 = on the main thread). */
  extractWorkers: number;
}

const list = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((v) => v.trim()).filter((v) => v.length > 0);

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got '${raw}'`);
  return value;
}

function downloadHost(raw: string | undefined): string {
  if (raw === undefined || raw === '') return DEFAULT_MODELS.setup.downloadHost;
  if (!/^https?:\/\/[^/\s]+/u.test(raw)) throw new Error(`KB_MODEL_DOWNLOAD_HOST must be an http(s) address, got '${raw}'`);
  return raw.replace(/\/+$/u, '');
}

function modelsFromEnv(env: NodeJS.ProcessEnv): ModelsConfig {
  const embedder = env.KB_EMBEDDER ?? 'hashed';
  const [kind, ...rest] = embedder.split(':');
  const model = rest.join(':');
  if (!(kind === 'hashed' || ((kind === 'transformers' || kind === 'ollama') && model))) {
    throw new Error(`KB_EMBEDDER must be hashed, transformers:<model> or ollama:<model>, got '${embedder}'`);
  }
  return {
    ...DEFAULT_MODELS,
    defaults: {
      answerModel: env.KB_ANSWER_MODEL || null,
      extractionModel: env.KB_EXTRACTION_MODEL || null,
      embedder: kind === 'hashed' ? { kind } : { kind: kind as 'transformers' | 'ollama', model },
      webSearchUrl: env.KB_WEB_SEARCH_URL || null,
    },
    contextCapTokens: intFrom(env, 'KB_MODEL_CONTEXT_TOKENS', DEFAULT_MODELS.contextCapTokens),
    extractionConcurrency: Math.max(1, intFrom(env, 'KB_EXTRACTION_CONCURRENCY', DEFAULT_MODELS.extractionConcurrency)),
    allowDownloads: env.KB_ALLOW_MODEL_DOWNLOADS === '1' || env.KB_ALLOW_MODEL_DOWNLOADS === 'true',
    setup: { ...DEFAULT_MODELS.setup, downloadHost: downloadHost(env.KB_MODEL_DOWNLOAD_HOST) },
  };
}

/** The one place the headless server reads its environment. */
export function settingsFromEnv(env: NodeJS.ProcessEnv, version: string): ServerSettings {
  const maxInsertBytes = intFrom(env, 'KB_MAX_INSERT_BYTES', DEFAULT_LIMITS.maxInsertBytes);
  return {
    engine: resolveConfig({
      dataDir: resolve(env.KB_DATA_DIR ?? defaultDataDir(env)),
      version,
      ollamaHost: env.OLLAMA_HOST ?? 'http://127.0.0.1:11434',
      jobConcurrency: intFrom(env, 'KB_JOB_CONCURRENCY', 2),
      models: modelsFromEnv(env),
      limits: {
        ...DEFAULT_LIMITS,
        maxInsertBytes,
        maxUploadBytes: intFrom(env, 'KB_MAX_UPLOAD_BYTES', DEFAULT_LIMITS.maxUploadBytes),
        maxRequestBytes: Math.max(intFrom(env, 'KB_MAX_REQUEST_BYTES', DEFAULT_LIMITS.maxRequestBytes), maxInsertBytes + 1024 * 1024),
      },
    }),
    host: env.KB_HOST ?? '127.0.0.1',
    port: intFrom(env, 'KB_PORT', DEFAULT_PORT),
    allowedHosts: list(env.KB_ALLOWED_HOSTS),
    allowedOrigins: list(env.KB_ALLOWED_ORIGINS),
    extractWorkers: intFrom(env, 'KB_EXTRACT_WORKERS', defaultExtractWorkers()),
  };
}
