/**
 * Everything the passes over one chunk share: its tokens, the entities and
 * facts found so far, and two per-token notes. One object passed explicitly to
 * each step, instead of state hidden in a closure.
 */
import { EntityTable } from './entity-table';
import { FactTable } from './fact-table';
import { TokenView } from './token-view';
import type { TokenizedText } from './wink-nlp';

export interface ChunkContext {
  readonly tokens: TokenView;
  readonly entities: EntityTable;
  readonly facts: FactTable;
  /** Tokens the clause parser should ignore (the "(IBM)" of an alias). */
  readonly hidden: Uint8Array;
  /** Last words of multi-word names seen so far, so a sentence may open with just the surname. */
  readonly surnames: Set<string>;
  /** Mentions that only qualify the name before them ("Pennsylvania" in "Gettysburg, Pennsylvania"). */
  readonly qualifiers: Set<number>;
}

export function createChunkContext(text: string, tok: TokenizedText): ChunkContext {
  const tokens = new TokenView(text, tok);
  const entities = new EntityTable(tokens);
  return {
    tokens,
    entities,
    facts: new FactTable(entities),
    hidden: new Uint8Array(tokens.count),
    surnames: new Set<string>(),
    qualifiers: new Set<number>(),
  };
}
