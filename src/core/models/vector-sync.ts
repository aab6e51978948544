import type { Embedder, KnowledgeStore } from '../ports';
import type { ModelAccess } from './model-runtime';

export interface IndexBuildStatus {
  /** The embedder the index is being built (or was last built) for. */
  embedderId: string | null;
  state: 'idle' | 'building' | 'failed';
  progress: number;
  message: string;
}

const BATCH = 64;

/**
 * Keeps one account's vector index in step with the chosen embedder. A new embedder's index is
 * filled in the background while queries and inserts keep using the active one; when every chunk
 * has its vector the store swaps the two in one transaction. Chunks stored without a vector
 * (the embedder was still loading) are filled in the same way.
 */
export class VectorSync {
  private running: Promise<void> | null = null;
  private again = false;
  status: IndexBuildStatus = { embedderId: null, state: 'idle', progress: 1, message: 'up to date' };

  constructor(
    private readonly store: KnowledgeStore,
    private readonly models: ModelAccess,
    private readonly signal: AbortSignal,
  ) {}

  /** The embedder whose index answers now: the active index's, if loaded; null = text search only. */
  async queryEmbedder(): Promise<Embedder | null> {
    const active = await this.store.activeVectorIndex();
    return active ? this.models.embedderById(active.embedderId) : this.models.desiredEmbedder();
  }

  /** Starts (or queues) a pass; resolves when the index has caught up. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass().catch((error: unknown) => {
          this.status = { ...this.status, state: 'failed', message: error instanceof Error ? error.message : String(error) };
        });
      } while (this.again && !this.signal.aborted);
    })().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<void> {
    const embedder = this.models.desiredEmbedder();
    if (!embedder) return;
    const index = await this.store.ensureVectorIndex(embedder.id, embedder.dimensions);
    const total = await this.store.countChunksWithoutVector(index);
    let done = 0;
    let cursor = 0;
    this.status = { embedderId: embedder.id, state: 'building', progress: 0, message: `embedding ${total} chunks with ${embedder.id}` };
    for (;;) {
      this.signal.throwIfAborted();
      const page = await this.store.chunksWithoutVector(index, cursor, BATCH);
      if (page.chunks.length === 0) {
        if (await this.store.activateVectorIndex(index)) break;
        cursor = 0; // chunks written meanwhile by inserts into the old index: catch them up too
        continue;
      }
      const vectors = await embedder.embed(page.chunks.map((c) => c.text));
      await this.store.writeVectors(index, page.chunks.map((c, i) => ({ chunkId: c.id, vector: vectors[i]! })));
      cursor = page.cursor;
      done += page.chunks.length;
      this.status = { ...this.status, progress: Math.min(0.99, done / Math.max(total, done)), message: `embedded ${done} of ${Math.max(total, done)} chunks with ${embedder.id}` };
    }
    this.status = { embedderId: embedder.id, state: 'idle', progress: 1, message: `index of ${embedder.id} is active` };
  }
}
