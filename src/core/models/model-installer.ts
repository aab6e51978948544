/**
 * What first-run setup needs from the outside world: Ollama's model list and its pull, and the
 * transformers.js download into the data folder. Adapters implement it (adapters/model-installer.ts).
 */

/** Bytes so far of one download; `total` is 0 while it is not known yet. */
export interface DownloadProgress {
  completed: number;
  total: number;
  /** What is being fetched now, in the provider's words ("pulling 6a0746a1ec1a", "onnx/model.onnx"). */
  message: string;
}

export type DownloadListener = (progress: DownloadProgress) => void;

export interface InstalledOllamaModel {
  name: string;
  /** As Ollama reports them: 'completion', 'embedding', … */
  capabilities: string[];
}

export interface ModelInstaller {
  /** The models Ollama has at `host`; null when nothing answers there. */
  ollamaModels(host: string): Promise<InstalledOllamaModel[] | null>;
  /**
   * Pulls a model with Ollama, reporting progress until it is installed; rejects when `signal`
   * aborts (Ollama keeps the layers it has, so the next pull continues from there).
   */
  pullOllamaModel(host: string, model: string, signal: AbortSignal, progress: DownloadListener): Promise<void>;
  /** Whether a transformers.js model is complete in one of the model folders. */
  transformersModelInstalled(model: string): Promise<boolean>;
  /**
   * Downloads a transformers.js model from `host` into the data folder's models folder with the
   * library's own download and cache, and checks that it loads. Files already complete are not
   * fetched again; on abort, what was half-fetched is removed.
   */
  downloadTransformersModel(model: string, host: string, signal: AbortSignal, progress: DownloadListener): Promise<void>;
}
