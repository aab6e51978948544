/** Messages between the transformers.js embedder and its worker thread. */

export interface EmbedWorkerData {
  model: string;
  /** The folder that holds `<model>/config.json`, or where a download goes. */
  modelsDir: string;
  allowDownload: boolean;
  /** Where downloads come from (Hugging Face hub layout); the library's default when absent. */
  remoteHost?: string;
}

export type EmbedWorkerEvent =
  /** `loaded` and `total`: bytes of every file of the model together, while they download. */
  | { type: 'progress'; fraction: number; message: string; loaded?: number; total?: number }
  | { type: 'ready'; dimensions: number }
  | { type: 'failed'; error: string }
  | { type: 'vectors'; id: number; flat: Float32Array; dimensions: number }
  | { type: 'error'; id: number; error: string };

export interface EmbedRequest {
  id: number;
  texts: string[];
}
