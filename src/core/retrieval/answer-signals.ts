import { analyze } from '../text/analyze';
import { cosine } from '../text/cosine';
import { holds, share, weightOf, type TermWeights } from './coverage';
import { holdsName } from './question-names';

/**
 * What the best passages say about whether they answer the question, each 0..1. No one of them
 * separates answerable questions from off-topic ones; together, weighed by a model fitted on the
 * tuning halves of the quality sets (answerability.ts), they do much better.
 */
export interface AnswerSignals {
  /** The question's weighted terms found in the best three-sentence window of one passage (with its title). */
  window: number;
  /** The same in the best single sentence: an answer sentence tends to hold the question's words. */
  sentence: number;
  /** The same over the best windows of the top three passages together (questions that join facts). */
  joint: number;
  /** Weight of the question's terms that the whole knowledge base lacks (no variant or synonym either). */
  absent: number;
  /** The heaviest single term the knowledge base lacks, against the heaviest term of the question. */
  maxAbsent: number;
  /** Neighbouring question words that stand next to each other in the best window ("light year"). */
  adjacency: number;
  /** Whether the question's two heaviest terms meet in the best window. */
  topPair: number;
  /** How much of the window's share came through related words rather than the words themselves. */
  related: number;
  /** Few terms make a question easy to cover by accident ("What is a light-year?"). */
  brevity: number;
  /**
   * Whether the question's words are what the knowledge base is about: more common in it than
   * in general English (a lease's "deposit") rather than a passing mention ("telephone" once).
   */
  topical: number;
  /**
   * The window's share of what the question asks beyond the passage's title: "What did Ada
   * Lovelace paint in Venice?" names the document's subject, and the rest is not there.
   */
  specific: number;
  /**
   * The question's names of several words that one of the top passages holds whole, weighed by
   * their terms; 1 when it names none. "Kate Ramsay" is not in a passage on Sophie Ramsay.
   */
  names: number;
  /**
   * The same for the single capitalised words it names ("the president of France"); 1 when it
   * names none. Weighed apart from `names`: a word alone says less than a name of several.
   */
  namedWords: number;
  /**
   * How close in meaning the question is to the nearest three-sentence window of the top passages:
   * the cosine of their sums of word vectors (the lexicon's), 0 without them. Words in other words
   * count ("crash at my place" near "guests staying"), and a passing mention of the question's one
   * rare word in a passage on another subject counts little.
   */
  semantic: number;
  /**
   * Weighted share of the question's terms the lexicon has no vector for, so `semantic` cannot
   * speak for them: a question in Chinese (all of it), or one of names the lexicon never met.
   * Without it the model read "no meaning known" as "far in meaning".
   */
  unread: number;
  /**
   * How close in meaning the question is to the nearest of the top passages by the sentence
   * encoder (a model of sentence meaning, not of words), times the share of the question it can
   * read; 0 until the gate asks it (sentence-meaning.ts). "Who invented the telephone?" is far
   * from a passage on a metro's radio system that mentions phones, though they share words.
   */
  sentenceMeaning: number;
}

export const SIGNAL_NAMES = ['window', 'sentence', 'joint', 'absent', 'maxAbsent', 'adjacency', 'topPair', 'related', 'brevity', 'topical', 'specific', 'names', 'namedWords', 'semantic', 'unread', 'sentenceMeaning'] as const;

export interface SignalPassage {
  title: string;
  text: string;
  /** A table row: one record, judged whole, since its cells are not sentences about each other. */
  record?: boolean;
}

// A cut after . ! or ? (maybe closing a quote or bracket) and white space, or a line break.
const SENTENCE_BREAK = /(?<=[.!?]["'”’)\]]?)\s+|\n+/u;
/** Sentences judged together: the words of a question meet within a few sentences of its answer. */
const SENTENCE_WINDOW = 3;
/** Question neighbours count as adjacent within this many terms of each other in a passage. */
const NEAR = 2;
const JOINT_PASSAGES = 3;

interface Window {
  share: number;
  terms: string[];
  title: string[];
  /** Index of its first sentence in the passage. */
  at: number;
}

/** One passage's best window (with its title) and best sentence: what the signals are read from. */
export interface PassageJudgement {
  window: Window;
  sentence: number;
  /** The passage's sentences (without its title), as terms. */
  sentences: string[][];
  /** The whole passage's terms, its title's first. */
  terms: string[];
}

/** The text of the passage's best window, as judgePassage found it. */
export function windowText(text: string, judged: PassageJudgement): string {
  return judged.sentences.length === 1 ? text : text.split(SENTENCE_BREAK).slice(judged.window.at, judged.window.at + SENTENCE_WINDOW).join(' ');
}

/** Judges one passage once; its window share is also the passage's own coverage. */
export function judgePassage({ title, text, record = false }: SignalPassage, questionWeights: TermWeights): PassageJudgement {
  // A record's cells are all about its key, however far apart: "capital of Austria" is a row's "Austria" and its "Capital" column.
  const weights = record ? { ...questionWeights, units: new Map<string, string[]>() } : questionWeights;
  const titleTerms = analyze(title);
  const sentences = (record ? [text] : text.split(SENTENCE_BREAK)).map(analyze);
  let window: Window = { share: 0, terms: titleTerms, title: titleTerms, at: 0 };
  let sentence = share(titleTerms, weights);
  for (let i = 0; i === 0 || i + SENTENCE_WINDOW <= sentences.length; i++) {
    const terms = [...titleTerms, ...sentences.slice(i, i + SENTENCE_WINDOW).flat()];
    const s = share(terms, weights);
    if (s > window.share) window = { share: s, terms, title: titleTerms, at: i };
  }
  for (const one of sentences) sentence = Math.max(sentence, share([...titleTerms, ...one], weights));
  return { window, sentence, sentences, terms: [...titleTerms, ...sentences.flat()] };
}

/** Weighted share of the question's neighbouring term pairs found close together in `terms`. */
function adjacency(question: readonly string[], terms: readonly string[], weights: TermWeights): number {
  const positions = new Map<string, number[]>();
  terms.forEach((t, i) => positions.set(t, [...(positions.get(t) ?? []), i]));
  let total = 0;
  let near = 0;
  for (let i = 0; i + 1 < question.length; i++) {
    const a = question[i] ?? '';
    const b = question[i + 1] ?? '';
    const w = (weights.idf.get(a) ?? 0) + (weights.idf.get(b) ?? 0);
    total += w;
    const pa = positions.get(a) ?? [];
    const pb = positions.get(b) ?? [];
    if (pa.some((x) => pb.some((y) => Math.abs(x - y) <= NEAR))) near += w;
  }
  return total > 0 ? near / total : 0;
}

/** The window's share of the question's terms that its title does not already hold. */
function specificShare(window: Window, weights: TermWeights): number {
  const titled = new Set(window.title);
  const rest = weights.terms.filter((t) => !titled.has(t));
  if (rest.length === 0 || rest.length === weights.terms.length) return window.share;
  return share(window.terms, { ...weights, terms: rest });
}

/** What a name counts for in a passage that holds its words apart or reordered ("Prime Minister of Palestine"). */
const NAME_APART = 0.5;

/** How much of one name the top passages hold: whole, its words apart, or not. */
function nameCredit(name: readonly string[], top: readonly PassageJudgement[]): number {
  if (top.some((j) => holdsName(j.terms, name))) return 1;
  return top.some((j) => name.every((t) => j.terms.includes(t))) ? NAME_APART : 0;
}

/** Weighted share of the question's names that one of the top passages holds; 1 without names. */
function namesHeld(names: readonly (readonly string[])[], judged: readonly PassageJudgement[], weights: TermWeights): number {
  const total = names.reduce((sum, name) => sum + weightOf(name, weights.idf), 0);
  if (total <= 0) return 1;
  const top = judged.slice(0, JOINT_PASSAGES);
  return names.reduce((sum, name) => sum + nameCredit(name, top) * weightOf(name, weights.idf), 0) / total;
}

/** What the signals know of the question and the knowledge base beyond the judged passages. */
export interface SignalContext {
  /** How far the knowledge base holds a term: 1 for the term, a variant or a synonym, less for a related word only, 0 for nothing. */
  presence: (term: string) => number;
  /** How much more common a term is in the knowledge base than in general English (term-presence.ts). */
  topicality?: (term: string) => number;
  /** The question's names of several words (question-names.ts), in the same terms. */
  names?: readonly (readonly string[])[];
  /** Its single capitalised words (question-names.ts), likewise. */
  namedWords?: readonly string[];
  /** A term's weighted word vector (Lexicon.meaning); none: `semantic` is 0. */
  meaning?: (term: string) => Float32Array | undefined;
}

/**
 * The signals of a question (its analysed terms in order, and their weights) over the ranked
 * passages, each judged by judgePassage.
 */
export function answerSignals(question: readonly string[], weights: TermWeights, judged: readonly PassageJudgement[], context: SignalContext): AnswerSignals {
  const { presence, topicality = () => 0, names = [], namedWords = [], meaning } = context;
  const best = judged.reduce<PassageJudgement | null>((a, b) => (a === null || b.window.share > a.window.share ? b : a), null);
  const window = best?.window ?? { share: 0, terms: [], title: [], at: 0 };
  const present = new Set(window.terms);
  const weight = (t: string): number => weights.idf.get(t) ?? 0;
  const total = weightOf(weights.terms, weights.idf);
  const heaviest = [...weights.terms].sort((a, b) => weight(b) - weight(a));
  const lacking = (t: string): number => weight(t) * (1 - presence(t));
  const exact = total > 0 ? weights.terms.reduce((sum, t) => sum + (holds(t, present, weights) ? weight(t) : 0), 0) / total : 0;
  const top = heaviest.slice(0, 2);
  return {
    window: window.share,
    sentence: judged.reduce((max, j) => Math.max(max, j.sentence), 0),
    joint: share(judged.slice(0, JOINT_PASSAGES).flatMap((j) => j.window.terms), weights),
    absent: total > 0 ? weights.terms.reduce((sum, t) => sum + lacking(t), 0) / total : 1,
    maxAbsent: Math.max(0, ...weights.terms.map(lacking)) / Math.max(1e-9, weight(heaviest[0] ?? '')),
    adjacency: adjacency(question, window.terms, weights),
    topPair: top.length > 0 && top.every((t) => present.has(t)) ? 1 : 0,
    related: Math.max(0, window.share - exact),
    brevity: 1 / Math.max(1, weights.terms.length),
    topical: total > 0 ? weights.terms.reduce((sum, t) => sum + weight(t) * topicality(t), 0) / total : 0,
    specific: specificShare(window, weights),
    names: namesHeld(names, judged, weights),
    // A word the base lacks altogether counts in `absent` already: "Uber" in a question on a travel
    // policy's taxi rule is the user's example, not a sign the passages are on another subject.
    namedWords: namesHeld(namedWords.filter((word) => presence(word) > 0).map((word) => [word]), judged, weights),
    semantic: meaning ? closeness(question, judged.slice(0, JOINT_PASSAGES), meaning) : 0,
    unread: total > 0 ? weights.terms.reduce((sum, t) => sum + (meaning?.(t) ? 0 : weight(t)), 0) / total : 1,
    sentenceMeaning: 0,
  };
}

/** The sum of the vectors given; null when there is none. */
function sumOf(vectors: readonly (Float32Array | null | undefined)[]): Float32Array | null {
  let sum: Float32Array | null = null;
  for (const v of vectors) {
    if (!v) continue;
    sum ??= new Float32Array(v.length);
    for (let d = 0; d < v.length; d++) sum[d] = (sum[d] ?? 0) + (v[d] ?? 0);
  }
  return sum;
}

/** The best cosine between the question's meaning and a window of SENTENCE_WINDOW sentences of the passages. */
function closeness(question: readonly string[], passages: readonly PassageJudgement[], meaning: (term: string) => Float32Array | undefined): number {
  const asked = sumOf(question.map(meaning));
  if (!asked) return 0;
  let best = 0;
  for (const p of passages) {
    // Each sentence is summed once; a window adds its sentences' sums.
    const sentences = p.sentences.map((terms) => sumOf(terms.map(meaning)));
    for (let i = 0; i === 0 || i + SENTENCE_WINDOW <= sentences.length; i++) {
      const window = sumOf(sentences.slice(i, i + SENTENCE_WINDOW));
      if (window) best = Math.max(best, cosine(asked, window));
    }
  }
  return best;
}

/**
 * How much of the question one passage covers (its title and its best three-sentence window),
 * 0..1: what the passage contributes to the answer signals.
 */
export function coverageOf(title: string, text: string, weights: TermWeights): number {
  return judgePassage({ title, text }, weights).window.share;
}
