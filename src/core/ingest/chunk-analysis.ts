import { extractSafely } from '../extract/builtin-extractor';
import type { AnalysedChunk, ChunkText } from '../extract/types';
import { analyze } from '../text/analyze';

/** The built-in extraction of a chunk's own part and the terms of its index text: what an extraction thread does per chunk. */
export function extractAndAnalyse(chunk: ChunkText): AnalysedChunk {
  return { result: extractSafely(chunk.text.slice(chunk.from)), terms: analyze(chunk.indexed ?? chunk.text) };
}
