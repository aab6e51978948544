import { entityKey } from '../extract/entity-key';
import type { ExtractedEntity, ExtractedFact } from '../extract/types';
import type { ChunkWrite } from '../ports';
import type { StructuredFact } from '../parse/types';
import type { ChunkDraft } from './chunk-drafts';

/** Structured facts grouped by the ordinal of the chunk that holds their block. */
export function structuredFactsByChunk(drafts: ChunkDraft[], facts: StructuredFact[]): Map<number, StructuredFact[]> {
  const chunkOfBlock = new Map<number, number>();
  drafts.forEach((d, ordinal) => d.blocks.forEach((b) => chunkOfBlock.has(b) || chunkOfBlock.set(b, ordinal)));
  const byChunk = new Map<number, StructuredFact[]>();
  for (const fact of facts) {
    const ordinal = chunkOfBlock.get(fact.block);
    if (ordinal === undefined) continue;
    const held = byChunk.get(ordinal);
    if (held) held.push(fact);
    else byChunk.set(ordinal, [fact]);
  }
  return byChunk;
}

/**
 * Adds what the file states outright (a CSV cell) to what the extractor read from the chunk's
 * prose: the row's key entity gets one attribute per column, at full confidence.
 */
export function withStructuredFacts(write: ChunkWrite, facts: StructuredFact[] | undefined): ChunkWrite {
  if (!facts || facts.length === 0) return write;
  const entities = new Map<string, ExtractedEntity>(write.entities.map((e) => [e.key, e]));
  const added: ExtractedFact[] = [];
  const whole = { start: 0, end: write.chunk.text.length };
  for (const f of facts) {
    const key = entityKey(f.subject);
    if (key.length === 0 || f.value.trim().length === 0) continue;
    if (!entities.has(key)) entities.set(key, { name: f.subject, type: 'other', key, mentions: [] });
    added.push({ subjectKey: key, predicate: f.predicate, kind: 'attribute', objectKey: null, value: f.value, confidence: 1, sentence: whole });
  }
  return { ...write, entities: [...entities.values()], facts: [...write.facts, ...added] };
}
