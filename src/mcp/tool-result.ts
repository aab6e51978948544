import type { FactOut, QueryResponse, SourceRef, WebSourceOut } from '../client/types';
import type { ToolMode } from '../client/modes';

/** A cited passage with its text, so an agent can quote it without another call. */
export interface ToolSource extends SourceRef {
  text: string;
}

export interface ToolResult {
  mode: ToolMode;
  context: { facts: FactOut[]; sources: ToolSource[] };
  answer?: string;
  reasoning?: { steps: { step: number; thought: string; fact_ids: string[] }[] };
  web_sources?: WebSourceOut[];
  web_search?: { used: boolean; reason?: string };
  triples?: { subject: string; predicate: string; object: string; confidence: number; source: FactOut['source'] }[];
  insufficient_coverage?: true;
  /** How well the passages cover the question, 0–1 (metadata.coverage); below WEAK_MATCH_COVERAGE a weak match. */
  coverage: number;
  /** The question's words no document holds (metadata.absent_words). */
  absent_words?: string[];
  session_id?: string;
  model: string;
}

/**
 * Sources with their text: for the generating modes the passages the answer cites, for context
 * and raw_facts every retrieved passage (they are what the agent reasons over).
 */
function sourcesOf(mode: ToolMode, res: QueryResponse): ToolSource[] {
  const chunks = new Map(res.chunks.map((c) => [c.chunk_id, c]));
  const refs = mode === 'context' || mode === 'raw_facts' ? res.chunks : res.sources;
  return refs.map((r) => ({
    title: r.title,
    chunk_id: r.chunk_id,
    document_id: r.document_id,
    page: r.page,
    section: r.section,
    row: r.row,
    text: chunks.get(r.chunk_id)?.text ?? '',
  }));
}

/** The decisions file's `result` for a mode, built from the API's query body. */
export function toolResult(mode: ToolMode, res: QueryResponse): ToolResult {
  const result: ToolResult = {
    mode,
    context: { facts: res.facts, sources: sourcesOf(mode, res) },
    model: res.metadata.model,
    coverage: res.metadata.coverage,
    ...(res.metadata.absent_words ? { absent_words: res.metadata.absent_words } : {}),
    ...(res.insufficient_coverage ? { insufficient_coverage: true as const } : {}),
    ...(res.session_id ? { session_id: res.session_id } : {}),
  };
  switch (mode) {
    case 'chat':
      return { ...result, answer: res.summary };
    case 'expert':
      return { ...result, answer: res.summary, reasoning: res.reasoning ?? { steps: [] } };
    case 'brainstorm':
      // Web results come from the configured web-search provider; web_search says why there are none.
      return { ...result, answer: res.summary, web_sources: res.web_sources ?? [], web_search: res.metadata.web_search ?? { used: false } };
    case 'raw_facts':
      return {
        ...result,
        triples: res.facts.map((f) => ({ subject: f.subject, predicate: f.predicate, object: f.object, confidence: f.confidence, source: f.source })),
      };
    case 'context':
      return result;
  }
}
