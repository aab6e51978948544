/**
 * Joining the lines of a paragraph. Typesetters break long words at line ends ("imple-" /
 * "mentation"); the word is whole again only if the hyphen goes. But compounds also break at
 * their hyphen ("trace-" / "based"), and dropping that hyphen invents a word. The document itself
 * is the best dictionary: whichever spelling it uses elsewhere wins; without evidence, the join
 * is kept when the result looks like one word and the first part is not a common compound head.
 */

/** Words the document uses, lower-cased, with and without inner hyphens. */
export type Vocabulary = ReadonlySet<string>;

// Heads that form compounds and are almost never a hyphenation break inside a longer word.
const COMPOUND_HEADS = new Set(['self', 'non', 'well', 'half', 'quasi', 'pseudo', 'cross']);

const HYPHEN_END = /(\p{L}+)[-\u2010]$/u;
const WORD_START = /^(\p{L}+)/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Collects the words of some lines into a vocabulary. */
export function collectVocabulary(lines: Iterable<string>, into = new Set<string>()): Set<string> {
  for (const line of lines) {
    for (const raw of line.split(/\s+/u)) {
      const word = raw.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').toLowerCase();
      if (word.length > 1) into.add(word);
    }
  }
  return into;
}

/** Should "prefix-" at a line end and "suffix…" at the next line's start become one word? */
export function shouldJoinHyphenated(prefix: string, suffix: string, vocabulary: Vocabulary): boolean {
  const head = prefix.toLowerCase();
  const tail = suffix.toLowerCase();
  const joined = head + tail;
  const hyphenated = `${head}-${tail}`;
  const knowsJoined = vocabulary.has(joined);
  const knowsHyphenated = vocabulary.has(hyphenated);
  if (knowsJoined !== knowsHyphenated) return knowsJoined;
  // An acronym or a capital inside the first part ("JIT-compiled", "LaTeX-based") is a compound.
  if (/\p{Lu}/u.test(prefix.slice(1))) return false;
  if (COMPOUND_HEADS.has(head)) return false;
  return /[aeiouy]/iu.test(joined) && joined.length <= 30;
}

/** Appends `next` to a paragraph's text, repairing a line-end hyphenation. */
export function appendLine(text: string, next: string, vocabulary: Vocabulary): string {
  if (text.length === 0) return next;
  const end = HYPHEN_END.exec(text);
  const start = WORD_START.exec(next);
  if (end?.[1] && start?.[1]) {
    const lower = /^\p{Ll}/u.test(start[1]);
    // "Trace-" + "Monkey" is one word only if the document spells it so elsewhere.
    const join = lower ? shouldJoinHyphenated(end[1], start[1], vocabulary) : vocabulary.has((end[1] + start[1]).toLowerCase());
    return join ? text.slice(0, -1) + next : text + next;
  }
  // Any other line-end hyphen or dash joins without a space: "2008-" + "02/msg", "10–" + "20".
  if (/[-\u2010–—]$/u.test(text)) return text + next;
  const last = text[text.length - 1] ?? '';
  if (CJK.test(last) && CJK.test(next[0] ?? '')) return text + next;
  return `${text} ${next}`;
}
