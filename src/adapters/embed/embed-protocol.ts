/** Messages between the transformers.js embedder and its worker thread. */

export interface EmbedWorkerData {
  model: string;
  /** The folder that holds `<model>/config.json`, or where a download goes. */
  modelsDir: string;
  allowDownload: boolean;
}

export type EmbedWorkerEvent =
  | { type: 'progress'; fraction: number; message: string }
  | { type: 'ready'; dimensions: number }
  | { type: 'failed'; error: string }
  | { type: 'vectors'; id: number; flat: Float32Array; dimensions: number }
  | { type: 'error'; id: number; error: string };

export interface EmbedRequest {
  id: number;
  texts: string[];
}
