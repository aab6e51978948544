/**
 * Index-based reads over one chunk's tokens. Pattern code looks around a
 * position ("the word before", "two after"), so every accessor takes any index
 * and answers '' / 0 / false outside the chunk instead of throwing.
 */
import type { TokenizedText } from './wink-nlp';
import { QUOTES } from './word-lists';

export class TokenView {
  readonly count: number;
  private readonly values: readonly string[];
  private readonly tags: readonly string[];
  /** Lower-cased token values, filled on first use: most tokens are never compared to a word list. */
  private readonly lows: Array<string | undefined>;
  private readonly lemmas = new Map<number, string>();

  constructor(
    readonly text: string,
    private readonly tok: TokenizedText,
  ) {
    this.count = tok.count;
    this.values = tok.values;
    this.tags = tok.pos;
    this.lows = new Array<string | undefined>(this.count);
  }

  get sentences(): ReadonlyArray<readonly [number, number]> {
    return this.tok.sentences;
  }

  low(i: number): string {
    if (i < 0 || i >= this.count) return '';
    let l = this.lows[i];
    if (l === undefined) {
      l = (this.values[i] ?? '').toLowerCase();
      this.lows[i] = l;
    }
    return l;
  }
  tag(i: number): string {
    return this.tags[i] ?? '';
  }
  value(i: number): string {
    return this.values[i] ?? '';
  }
  start(i: number): number {
    return this.tok.starts[i] ?? 0;
  }
  end(i: number): number {
    return this.tok.ends[i] ?? 0;
  }
  /** Whether the token was found in the text (wink sometimes normalises one beyond recognition). */
  located(i: number): boolean {
    return this.end(i) > this.start(i);
  }
  /** The text from token first to token last, as written. */
  surface(first: number, last: number): string {
    return this.text.slice(this.start(first), this.end(last));
  }
  /** Lower-cased lemma; cached because wink computes lemmas one token at a time. */
  lemma(i: number): string {
    const cached = this.lemmas.get(i);
    if (cached !== undefined) return cached;
    const l = this.tok.lemma(i).toLowerCase();
    this.lemmas.set(i, l);
    return l;
  }
  isKnownWord(word: string): boolean {
    return this.tok.isKnownWord(word);
  }

  /** Starts with an upper-case letter; ASCII fast path, Unicode check otherwise. */
  capitalised(i: number): boolean {
    const v = this.value(i);
    const c = v.charCodeAt(0);
    if (c >= 65 && c <= 90) return true;
    if (c < 128 || Number.isNaN(c)) return false;
    const ch = v.charAt(0);
    return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
  }
  isDigitStart(i: number): boolean {
    const c = this.value(i).charCodeAt(0);
    return c >= 48 && c <= 57;
  }
  isLetterStart(i: number): boolean {
    const ch = this.value(i).charAt(0);
    return ch !== '' && ch.toLowerCase() !== ch.toUpperCase();
  }
  /** Hyphen written tight between two words ("web-based"), which wink splits into three tokens. */
  isTightHyphen(i: number, last: number): boolean {
    const v = this.value(i);
    return (
      (v === '-' || v === '–') &&
      i + 1 <= last &&
      this.start(i) === this.end(i - 1) &&
      this.end(i) === this.start(i + 1)
    );
  }
  isQuote(i: number): boolean {
    const c = this.value(i).charCodeAt(0);
    // " ' ` « » and the typographic quotes U+2018–U+201F; the set check only runs for these.
    const maybe = c === 34 || c === 39 || c === 96 || c === 171 || c === 187 || (c >= 0x2018 && c <= 0x201f);
    return maybe && QUOTES.has(this.value(i));
  }
  /** The "'s" or bare "'" of "Hadrian's", "Workers'". */
  isPossessiveMark(i: number): boolean {
    const v = this.value(i);
    return v === "'s" || v === '’s' || v === "'" || v === '’';
  }
}
