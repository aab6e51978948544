import type { ChatMessage, WebResult } from '../ports';
import type { ResolvedFact } from '../model';
import type { RetrievalResult } from '../retrieval/retrieve';
import { NO_ANSWER_SENTENCE } from './model-verdict';
import { ANSWER_RESERVE_TOKENS, estimateTokens, fitByRank } from './prompt-budget';

export type AnswerStyle = 'chat' | 'thinking' | 'research';

export interface AnswerPromptInput {
  question: string;
  result: RetrievalResult;
  titles: Map<string, string>;
  web: WebResult[];
  style: AnswerStyle;
  /** The context window the model runs with (num_ctx). */
  contextTokens: number;
}

export interface AnswerPrompt {
  messages: ChatMessage[];
  /** How many retrieved passages, facts and web results had to be left out to fit. */
  dropped: { chunks: number; facts: number; web: number };
}

const STYLE: Record<AnswerStyle, string> = {
  chat: 'Answer in a few sentences.',
  thinking: 'Explain step by step which facts lead to the answer, then give it.',
  research: 'Be thorough: bring together everything the sources say about the question.',
};

// The model is held to the retrieved material: the product promises cited answers, not guesses.
const RULES = [
  'You answer questions from the user\'s own documents. Use ONLY the numbered sources and facts below.',
  `Never add knowledge from outside them and never guess. If they do not contain the answer, reply only: ${NO_ANSWER_SENTENCE}`,
  'After every statement, cite the source it comes from with its marker, e.g. [1], or [W1] for a web result.',
].join(' ');

/** Share of the prompt budget that the compact facts may take before passages. */
const FACT_SHARE = 0.25;
const WEB_SHARE = 0.25;

/**
 * Builds the answer prompt: rules, then the retrieved facts, passages and web results, each
 * trimmed by rank to fit the model's context window. Passage n is `[n]`, n counting from 1 over
 * `result.chunks`, so the markers in the answer map back to `sources` unchanged.
 */
export function buildAnswerPrompt(input: AnswerPromptInput): AnswerPrompt {
  const { result, titles } = input;
  const system = `${RULES} ${STYLE[input.style]}`;
  const question = `Question: ${input.question}`;
  let budget = input.contextTokens - ANSWER_RESERVE_TOKENS - estimateTokens(system) - estimateTokens(question);

  const markerOf = new Map(result.chunks.map((c, i) => [c.chunk.id, i + 1]));
  const factLines = result.facts.map((f) => factLine(f, markerOf.get(f.chunkId)));
  const facts = fitByRank(factLines, estimateTokens, Math.max(0, Math.floor(budget * FACT_SHARE)));
  budget -= sum(facts.kept);
  const webLines = input.web.map((w, i) => `[W${i + 1}] ${w.title} (${w.url})\n${w.snippet}`);
  const web = fitByRank(webLines, estimateTokens, Math.max(0, Math.floor(budget * (webLines.length > 0 ? WEB_SHARE : 0))));
  budget -= sum(web.kept);
  const passageLines = result.chunks.map((c, i) => `[${i + 1}] ${titles.get(c.chunk.documentId) ?? 'Untitled'}\n${c.chunk.text.trim()}`);
  const passages = fitByRank(passageLines, estimateTokens, Math.max(0, budget));

  const sections = [
    facts.kept.length > 0 ? `Facts from the knowledge graph:\n${facts.kept.join('\n')}` : '',
    passages.kept.length > 0 ? `Sources:\n${passages.kept.join('\n\n')}` : '',
    web.kept.length > 0 ? `Web results:\n${web.kept.join('\n\n')}` : '',
  ].filter((s) => s.length > 0);
  return {
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: `${sections.join('\n\n')}\n\n${question}` },
    ],
    dropped: { chunks: passages.dropped, facts: facts.dropped, web: web.dropped },
  };
}

function factLine(fact: ResolvedFact, marker: number | undefined): string {
  return `- ${fact.subject} — ${fact.predicate} — ${fact.object}${marker ? ` [${marker}]` : ''}`;
}

const sum = (lines: string[]): number => lines.reduce((total, line) => total + estimateTokens(line), 0);
