import type { ChunkRecord } from '../model';
import type { RetrievedChunk } from '../retrieval/retrieve';
import { weightOf } from '../retrieval/coverage';
import { layOutAnswer, type AnswerItem } from './answer-layout';
import { passageWindow } from './passage-window';
import { beyondTitle, matchWeight, type QuestionTerms } from './question-terms';
import { matchingRows, ROW_SHARE } from './table-rows';
import { wholeSentences } from './whole-sentences';
import { holdsKind, type AnswerKind } from './answer-kind';

export interface ExtractiveInput {
  chunks: readonly RetrievedChunk[];
  /** The chunks just before and after the retrieved ones, to read cut sentences whole. */
  neighbours: readonly ChunkRecord[];
  question: QuestionTerms;
  titles: ReadonlyMap<string, string>;
  /** The kind of answer the question asks for (answer-kind.ts), if its words say. */
  kind?: AnswerKind | null;
}

const MAX_SENTENCES = 3;
const MAX_SENTENCE_CHARS = 600;
/** Title words count this much, so a sentence with only those ranks after one with other words of the question (weights are 0..1). */
const TITLE_WORDS_SHARE = 0.01;
/**
 * A sentence matching less than this share of what the best one matches is left out: one word of
 * the question ("first") is not a second answer. Chosen on the tuning halves by
 * bench/quality/sentence-share.ts: the largest share whose answers still hold the answer text as
 * often (within half a point) on every set.
 */
const SENTENCE_SHARE = 0.4;
/**
 * How much more a sentence counts when it holds the kind of answer asked for ("how many" and a
 * number): the answer sentence often shares fewer of the question's words than one that restates
 * it. Of 0, 0.5, 1 and 2, the one that put the answer first most often on every set's tuning half
 * (bench/quality/sentence-share.ts).
 */
const KIND_BONUS = 1;

/**
 * The answer when no language model is present: the whole sentences of the retrieved passages
 * that carry most of the question's weighted terms, quoted verbatim, and the table rows whose
 * values match it, described from those values; each cites its chunk under its document's title.
 */
export function extractiveAnswer(input: ExtractiveInput): string {
  const sentences = supportingSentences(input);
  const rows = matchingRows(input.chunks, input.question, input.titles, input.neighbours);
  // A row that matches the question far less than the best sentence is noise beside it.
  const best = Math.max(0, ...sentences.map((s) => s.score));
  const listed = rows.filter((r) => r.score >= best * ROW_SHARE).map(({ text, chunkIndex, documentId, score }): AnswerItem => ({ kind: 'row', text, chunkIndex, documentId, score }));
  return layOutAnswer([...sentences, ...listed], input.titles);
}

/** The best whole sentences of the passages that are not table rows; `share`: of the best one's score, below which a sentence is left out. */
export function supportingSentences(input: ExtractiveInput, share = SENTENCE_SHARE): AnswerItem[] {
  const candidates: AnswerItem[] = [];
  const titleOf = (documentId: string): string => input.titles.get(documentId) ?? '';
  // The question's words that title the best passage's document name what it asks about
  // ("Who wrote PDF.js?" and the page "PDF.js"): in another document they answer nothing, so a
  // sentence there that holds only them ("TM executes JS …") is not quoted.
  const first = input.chunks[0]?.chunk.documentId;
  const elsewhere = first === undefined ? input.question : beyondTitle(input.question, titleOf(first));
  input.chunks.forEach((retrieved, chunkIndex) => {
    const { chunk } = retrieved;
    if (chunk.row !== null) return;
    const asked = chunk.documentId === first ? input.question : elsewhere;
    const distinct = beyondTitle(asked, titleOf(chunk.documentId));
    // What the title says every sentence under it is about, counted for a sentence that also
    // holds another word of the question: otherwise another document's sentence that merely
    // names the title's subject would outrank this document's answer.
    const titleCredit = weightOf(asked.terms.filter((t) => !distinct.terms.includes(t)), asked.idf);
    const inWindow = wholeSentences(passageWindow(chunk, input.neighbours));
    const inChunk = inWindow.filter((s) => s.inChunk);
    // A passage with no prose of its own (a code listing, a table) is explained by the prose
    // around it; those sentences cite it, as the passage retrieval found.
    for (const sentence of inChunk.length > 0 ? inChunk : inWindow) {
      if (sentence.text.length > MAX_SENTENCE_CHARS) continue;
      // The words beyond the title choose; a sentence with only the title's words comes after them all.
      const beyond = matchWeight(distinct, sentence.text);
      const matched = beyond + (beyond > 0 ? titleCredit : 0) + TITLE_WORDS_SHARE * matchWeight(asked, sentence.text);
      const score = input.kind && holdsKind(sentence.text, input.kind) ? matched * (1 + KIND_BONUS) : matched;
      // A small preference for better-ranked passages breaks ties between equally matching sentences.
      if (score > 0) {
        candidates.push({ kind: 'sentence', text: sentence.text, chunkIndex, documentId: chunk.documentId, score: score * (1 - chunkIndex * 0.02) });
      }
    }
  });
  const seen = new Set<string>();
  const best = candidates.reduce((max, c) => Math.max(max, c.score), 0);
  return candidates
    .sort((a, b) => b.score - a.score)
    .filter((c) => !seen.has(c.text) && seen.add(c.text) && c.score >= best * share)
    .slice(0, MAX_SENTENCES);
}
