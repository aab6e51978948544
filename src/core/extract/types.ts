/** What the built-in or a model-backed extractor finds in one chunk of text. */

export const ENTITY_TYPES = [
  'person',
  'organization',
  'place',
  'work',
  'date',
  'quantity',
  'concept',
  'other',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** A character range inside the text that was given to the extractor. */
export interface Span {
  start: number;
  end: number;
}

export interface ExtractedEntity {
  /** Surface form as written, e.g. "Marie Curie". */
  name: string;
  type: EntityType;
  /** Normalised key used to merge mentions of the same entity (see entity-key.ts). */
  key: string;
  /** Where it is mentioned in the text. */
  mentions: Span[];
}

export interface ExtractedFact {
  /** Key of the subject entity (one of `entities`). */
  subjectKey: string;
  /** Short lower-case verb phrase: "founded", "born in", "is a", "located in". */
  predicate: string;
  /** 'relationship': the object is another entity; 'attribute': the object is a literal value. */
  kind: 'relationship' | 'attribute';
  /** Key of the object entity when kind is 'relationship'. */
  objectKey: string | null;
  /** The literal value when kind is 'attribute' ("1867", "Polish"). */
  value: string | null;
  /** 0..1: how sure the extractor is. */
  confidence: number;
  /** The sentence the fact comes from, as offsets into the text. */
  sentence: Span;
}

export interface ExtractionResult {
  entities: ExtractedEntity[];
  facts: ExtractedFact[];
}

/** A chunk for `extractAndAnalyze`: its text, where its own part starts, and its index text when not the text itself (a table row's). */
export interface ChunkText {
  text: string;
  from: number;
  indexed: string | null;
}

/** A chunk's own part's extraction, and its index text's terms (as `analyze` gives them). */
export interface AnalysedChunk {
  result: ExtractionResult;
  terms: string[];
}

/** Port: turns a chunk of text into entities and facts. */
export interface Extractor {
  /** Stable identifier, recorded with every fact ("builtin-wink-1"). */
  readonly id: string;
  extract(text: string): Promise<ExtractionResult>;
  /** Many texts at once, in order: a pool of worker threads takes them in a few messages instead of one each. */
  extractMany?(texts: string[]): Promise<ExtractionResult[]>;
  /**
   * Extraction and index-term analysis of many chunks in one trip: both are the CPU work of
   * ingest, and an extractor with threads of its own does both there, leaving the main thread
   * the writes and the API. Without it, ingest analyses the terms on its own thread.
   */
  extractAndAnalyze?(chunks: ChunkText[]): Promise<AnalysedChunk[]>;
  /** Settles once the extractor can take work at full speed (its threads started, its model loaded). */
  warmUp?(): Promise<void>;
  /** Releases threads or connections, when the extractor holds any. */
  close?(): Promise<void>;
}
