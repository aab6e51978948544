/**
 * Neighbouring chunks overlap (150 of about 1000 characters), and extracting every chunk whole
 * would tag the overlap twice: a seventh of all extraction work. Instead each chunk's *own part*,
 * from where the previous chunk ends to where it ends, is extracted once (the chunker cuts at
 * paragraph and sentence ends, so parts are whole sentences), and a chunk's result is its own
 * part's plus whatever the previous part found inside the overlap.
 */
import type { ExtractedEntity, ExtractedFact, ExtractionResult, Span } from '../extract/types';

export interface ChunkSpan {
  start: number;
  end: number;
}

/** Where each chunk's own part starts, as an offset into the document. */
export function partStarts(chunks: readonly ChunkSpan[]): number[] {
  return chunks.map((c, i) => {
    const previous = chunks[i - 1];
    return previous ? Math.min(c.end, Math.max(c.start, previous.end)) : c.start;
  });
}

/** One part's extraction, with the document offset its spans count from. */
export interface PartResult {
  at: number;
  result: ExtractionResult;
  /** The whole chunk's index terms, when the extractor analysed them along with the part. */
  terms?: string[];
}

/**
 * The chunk's extraction with spans relative to the chunk's text: its own part whole, and of the
 * previous part the mentions and whole sentences that lie inside this chunk.
 */
export function chunkExtraction(chunk: ChunkSpan, own: PartResult, previous: PartResult | null): ExtractionResult {
  const entities = new Map<string, ExtractedEntity>();
  const facts: ExtractedFact[] = [];
  const add = (part: PartResult, inside: (span: Span) => boolean, whole: boolean): void => {
    const shift = part.at - chunk.start;
    const moved = (s: Span): Span => ({ start: s.start + shift, end: s.end + shift });
    for (const e of part.result.entities) {
      const mentions = e.mentions.map(moved).filter(inside);
      if (mentions.length === 0 && !whole) continue;
      const seen = entities.get(e.key);
      // The own part is read first, so its typing of a name wins over the overlap's.
      if (seen) seen.mentions.push(...mentions);
      else entities.set(e.key, { ...e, mentions });
    }
    for (const f of part.result.facts) {
      const sentence = moved(f.sentence);
      if (inside(sentence)) facts.push({ ...f, sentence });
    }
  };
  add(own, () => true, true);
  // A fact from the overlap whose subject was named before the overlap ("He …") finds no entity
  // here; the store skips it for this chunk and keeps it with the previous one.
  if (previous) add(previous, (s) => s.start >= 0 && s.end <= chunk.end - chunk.start, false);
  const result: ExtractionResult = { entities: [...entities.values()], facts };
  for (const e of result.entities) e.mentions.sort((a, b) => a.start - b.start);
  return result;
}
