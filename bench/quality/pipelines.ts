/**
 * The two retrieval pipelines compared, as engine configurations (no API parameter selects them):
 * "text" is BM25 alone (over passages and their document titles: the text index itself; no graph,
 * bridge or vector leg), "full" the default hybrid pipeline. Both return 10 passages instead of
 * the default 8 so recall@10 can be scored; that only lengthens the list (the ranking is the same)
 * and lets the coverage check see two more passages.
 */
import { DEFAULT_RETRIEVAL, type RetrievalConfig } from '../../src/core/config';

export type PipelineName = 'text' | 'full';
export type Depth = 'basic' | 'thinking';

export const RESULT_DEPTH = 10;

export interface Pipeline {
  name: PipelineName;
  retrieval: RetrievalConfig;
  /** Without an embedder there is no vector leg at all, not even the fallback when BM25 finds nothing. */
  embedder: boolean;
  /** Depths worth asking: with no graph leg every depth ranks the same. */
  depths: Depth[];
}

export const PIPELINES: readonly Pipeline[] = [
  { name: 'full', retrieval: { ...DEFAULT_RETRIEVAL, topK: RESULT_DEPTH }, embedder: true, depths: ['basic', 'thinking'] },
  {
    name: 'text',
    retrieval: { ...DEFAULT_RETRIEVAL, topK: RESULT_DEPTH, graphWeight: { basic: 0, thinking: 0, research: 0 }, vectorWeight: { lexical: 0, semantic: 0 }, bridgeWeight: 0, bridgePageWeight: 0 },
    embedder: false,
    depths: ['basic'],
  },
];

/** The same pipeline with the coverage gate off, so every question returns its ranking. */
export function ungated(pipeline: Pipeline): Pipeline {
  return { ...pipeline, retrieval: { ...pipeline.retrieval, coverageThreshold: 0 } };
}
