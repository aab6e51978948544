import { z } from 'zod';

const timestamp = z.string().meta({ description: 'ISO 8601 UTC', example: '2026-01-31T12:00:00.000Z' });

/** First-run model setup (local owner only): requests and responses, as in docs/api.md "Model setup". */
export const pullRequest = z
  .object({
    model: z.string().trim().min(1).max(200).meta({ description: 'An Ollama model name, e.g. llama3.2:3b or nomic-embed-text', example: 'llama3.2:3b' }),
    activate: z.boolean().default(true).meta({ description: 'Once installed, use it: a chat model writes the answers, an embedding model becomes the embedder' }),
  })
  .strict()
  .meta({ id: 'PullModelRequest' });

export const downloadRequest = z
  .object({
    model: z.string().trim().min(1).max(200).meta({ description: 'A transformers.js feature-extraction model id on the download host (owner/name)', example: 'Xenova/all-MiniLM-L6-v2' }),
    activate: z.boolean().default(true).meta({ description: 'Once installed, make it the embedder (the index is rebuilt in the background)' }),
  })
  .strict()
  .meta({ id: 'DownloadModelRequest' });

export const modelDownload = z
  .object({
    download_id: z.string(),
    kind: z.enum(['ollama', 'transformers']),
    model: z.string(),
    state: z.enum(['running', 'completed', 'cancelled', 'failed']),
    completed_bytes: z.number().int(),
    total_bytes: z.number().int().meta({ description: '0 while the size is not known yet' }),
    progress: z.number().meta({ description: '0.0 to 1.0' }),
    message: z.string(),
    error: z.string().nullable(),
    activate: z.boolean(),
    activated_as: z.enum(['answer_model', 'embedder']).nullable(),
    started_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'ModelDownload' });
export type ModelDownloadOut = z.infer<typeof modelDownload>;

const offered = z.object({ name: z.string(), size_bytes: z.number().int(), description: z.string(), installed: z.boolean() });

export const setupStatus = z
  .object({
    success: z.literal(true),
    needs_setup: z.boolean().meta({ description: 'No model writes answers and the embedder is the built-in lexical one' }),
    ollama: z.object({
      host: z.string(),
      reachable: z.boolean(),
      installed: z.array(z.object({ name: z.string(), capabilities: z.array(z.string()) })),
      how_to_get: z.string().nullable().meta({ description: 'How to install and start Ollama; null when it answers' }),
      download_url: z.string(),
    }),
    answer_model: z.string().nullable().meta({ description: 'The model answers are written with now; null: answers quote the documents' }),
    embedder: z.object({
      choice: z.object({ kind: z.enum(['hashed', 'transformers', 'ollama']), model: z.string().optional() }),
      state: z.string(),
      progress: z.number(),
      message: z.string(),
    }),
    vector_index: z.object({ embedder_id: z.string().nullable(), state: z.string(), progress: z.number(), message: z.string() }),
    offered: z.object({ chat_models: z.array(offered), ollama_embedders: z.array(offered), transformers_embedders: z.array(offered) }),
    downloads: z.array(modelDownload),
  })
  .meta({ id: 'ModelSetupStatus' });
export type SetupStatusOut = z.infer<typeof setupStatus>;

export const downloadResult = z.object({ success: z.literal(true), download: modelDownload }).meta({ id: 'ModelDownloadResult' });
