/**
 * The one place that talks to wink-nlp.
 *
 * Building a wink instance compiles the model's automata (~100 ms), so each
 * pipeline is created on first use and then shared for the life of the process.
 * Callers get plain arrays with character offsets instead of wink's item objects,
 * because walking wink's per-token API is several times slower than bulk `out()`.
 */
import winkNLP from 'wink-nlp';
import type { Document, ItsFunction, WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * 'sentences' only splits; 'tagged' adds part-of-speech tags and lemmas.
 * wink's own NER, negation and sentiment passes are left out: together they
 * cost about as much as tokenising again, and the extractor finds dates and
 * amounts itself more cheaply.
 */
export type WinkPipeline = 'sentences' | 'tagged';

const PIPES: Record<WinkPipeline, string[]> = {
  sentences: ['sbd'],
  tagged: ['sbd', 'pos'],
};

const instances = new Map<WinkPipeline, WinkMethods>();

export function getWink(pipeline: WinkPipeline = 'tagged'): WinkMethods {
  let nlp = instances.get(pipeline);
  if (nlp === undefined) {
    nlp = winkNLP(model, PIPES[pipeline]);
    instances.set(pipeline, nlp);
  }
  return nlp;
}

/**
 * wink's tokenizer is quadratic in the length of a run without whitespace
 * (100 KB of one "word" takes ~10 s). No real word is this long, so such runs
 * are blanked out before wink sees them.
 */
export const MAX_RUN = 64;

// JavaScript's \s is exactly the whitespace wink splits on.
const LONG_RUNS = new RegExp(`\\S{${MAX_RUN + 1},}`, 'g');

/** Same length as `text` (so offsets still hold) with over-long runs replaced by spaces. */
export function blankLongRuns(text: string): string {
  // Prose has a space every few characters, and indexOf(' ') is far cheaper than
  // a regex over every character; only a long space-free stretch needs the exact check.
  let previous = -1;
  for (;;) {
    const next = text.indexOf(' ', previous + 1);
    const stop = next < 0 ? text.length : next;
    if (stop - previous - 1 > MAX_RUN) break;
    if (next < 0) return text;
    previous = next;
  }
  return text.replace(LONG_RUNS, (run) => ' '.repeat(run.length));
}

/** A chunk of text as parallel token arrays. Index i describes token i. */
export interface TokenizedText {
  readonly count: number;
  readonly values: readonly string[];
  /** Universal POS tags; empty for the 'sentences' pipeline. */
  readonly pos: readonly string[];
  /** Character offsets into the original text; start === end for a token that could not be located. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Sentences as inclusive [firstToken, lastToken] pairs, whitespace tokens trimmed off. */
  readonly sentences: ReadonlyArray<readonly [number, number]>;
  /** Lemma of one token; computed on demand because lemmatising every token is costly. */
  lemma(index: number): string;
  /** Whether a (lower-case) word is in the model's English vocabulary. */
  isKnownWord(word: string): boolean;
}

/** The characters JavaScript's \s matches. */
function isSpaceCode(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

// How far ahead to look for a token whose text wink normalised (e.g. a non-breaking space).
const ALIGN_WINDOW = 16;
const ONLY_SPACE = /^\s*$/;

export function tokenize(text: string, pipeline: WinkPipeline = 'tagged'): TokenizedText {
  const nlp = getWink(pipeline);
  const safe = blankLongRuns(text);
  const doc: Document = nlp.readDoc(safe);
  const its = nlp.its;
  const tokens = doc.tokens();
  const values = tokens.out(its.value) as string[];
  const pos = pipeline === 'tagged' ? (tokens.out(its.pos) as string[]) : [];
  const count = values.length;
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);

  // wink keeps every character and only whitespace lies between tokens, so skipping
  // whitespace normally lands exactly on the next token (checked by its first
  // character); search a little further only when it does not.
  let cursor = 0;
  for (let i = 0; i < count; i++) {
    const value = values[i] ?? '';
    const first = value.charCodeAt(0);
    let guess = cursor;
    // A whitespace token ("\n\n") starts right at the cursor; anything else after the gap.
    if (!isSpaceCode(first)) while (guess < safe.length && isSpaceCode(safe.charCodeAt(guess))) guess++;
    let at = guess + value.length <= safe.length && safe.charCodeAt(guess) === first ? guess : -1;
    if (at < 0 && value.length > 0) {
      const found = safe.indexOf(value, cursor);
      if (found >= 0 && found - cursor <= ALIGN_WINDOW + value.length) at = found;
    }
    if (at < 0) {
      starts[i] = ends[i] = Math.min(guess, safe.length);
    } else {
      starts[i] = at;
      cursor = at + value.length;
      ends[i] = cursor;
    }
  }

  const sentences: Array<readonly [number, number]> = [];
  if (count > 0) {
    const spans = doc.sentences().out(its.span) as unknown as number[][];
    for (const span of spans) {
      let first = span[0] ?? 0;
      let last = span[1] ?? -1;
      while (first <= last && ONLY_SPACE.test(values[first] ?? '')) first++;
      while (last >= first && ONLY_SPACE.test(values[last] ?? '')) last--;
      if (first <= last) sentences.push([first, last]);
    }
  }

  return {
    count,
    values,
    pos,
    starts,
    ends,
    sentences,
    lemma(index: number): string {
      if (pipeline !== 'tagged' || index < 0 || index >= count) return values[index] ?? '';
      // wink's typings declare lemma with the model's addons as a third argument, which
      // `out()` supplies itself; the cast only bridges that declaration.
      return String(tokens.itemAt(index).out(its.lemma as unknown as ItsFunction<string>));
    },
    isKnownWord(word: string): boolean {
      // Not isLexeme(): wink's cache also learns every unknown word it reads, so only
      // "not out-of-vocabulary" means the word is in the model's own vocabulary.
      return !doc.isOOV(word);
    },
  };
}
