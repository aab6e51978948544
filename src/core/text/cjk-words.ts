/**
 * Chinese and Japanese are written without spaces, so `analyze` indexes their runs as overlapping
 * character bigrams. That finds passages well, but half a question's bigrams straddle two words
 * ("在职" of 在|职业) and no passage need hold them; judged as words the passage lacks, they made
 * most answerable questions look uncovered. Judging uses only the bigrams a word segmentation
 * (ICU's, through Intl.Segmenter) leaves whole.
 */

const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const BIGRAM = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{2}$/u;

/**
 * Question words and their usual pairings, and the courtesies around a question: they frame it,
 * as "what", "how many" and "thanks" do in English, and a passage that answers seldom repeats them.
 */
const QUESTION_BIGRAMS: ReadonlySet<string> = new Set(
  [
    '什么 多少 为什 怎么 怎样 如何 是否 几个 几年 几次 何时 何处 何种 为何 何地',
    // The courtesies around a question, as "Hi!", "can you tell me" and "thanks" in English.
    '你好 您好 请问 麻烦 一下 谢谢 多谢 感谢 知道 告诉 我想 想问 帮我 请教',
  ]
    .join(' ')
    .split(' '),
);
/** Characters only questions use (who, which, and the question particles): any bigram with one is framing. */
const QUESTION_CHARACTERS: ReadonlySet<string> = new Set([...'谁哪吗呢']);

/** Characters that stand alone as grammar (of, at, is, and …) or count (year, measure words): a bigram joining one to a neighbour is no word. */
const FUNCTION_CHARACTERS: ReadonlySet<string> = new Set([...'的了在是和与或被把将对从向于中有也都就还又而及其之年名个位次第']);

let segmenter: Intl.Segmenter | null = null;

/** Words of `text` as ICU segments them, with where each starts. */
function words(text: string): { segment: string; index: number }[] {
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  return [...segmenter.segment(text)].filter((s) => s.isWordLike === true);
}

/**
 * The CJK bigrams of `text` that judging should leave out: question words, and bigrams across
 * the boundary of a word of two or more characters or of a grammatical character. Other bigrams
 * across one-character words stay: ICU splits a name it does not know (黑|豹 of "Panthers") into
 * characters.
 */
export function cjkNoiseBigrams(text: string): Set<string> {
  const noise = new Set<string>();
  if (!HAN_OR_KANA.test(text)) return noise;
  const normalised = text.normalize('NFKC').toLowerCase();
  // For each character: which word it belongs to (-1 outside words), and that word's length.
  const wordOf = new Array<number>(normalised.length).fill(-1);
  const lengths: number[] = [];
  for (const w of words(normalised)) {
    for (let i = 0; i < w.segment.length; i++) wordOf[w.index + i] = lengths.length;
    lengths.push(w.segment.length);
  }
  const kept = new Set<string>();
  for (let i = 0; i + 1 < normalised.length; i++) {
    const pair = normalised.slice(i, i + 2);
    if (!BIGRAM.test(pair)) continue;
    const [a, b] = [wordOf[i] ?? -1, wordOf[i + 1] ?? -1];
    const long = (w: number): boolean => (lengths[w] ?? 0) > 1;
    const across = a !== b && (long(a) || long(b) || FUNCTION_CHARACTERS.has(pair[0] ?? '') || FUNCTION_CHARACTERS.has(pair[1] ?? ''));
    const framing = QUESTION_BIGRAMS.has(pair) || QUESTION_CHARACTERS.has(pair[0] ?? '') || QUESTION_CHARACTERS.has(pair[1] ?? '');
    if (framing || across) noise.add(pair);
    else kept.add(pair);
  }
  // A bigram whole somewhere in the question is not noise elsewhere.
  for (const pair of kept) noise.delete(pair);
  return noise;
}
