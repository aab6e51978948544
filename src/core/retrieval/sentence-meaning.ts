import type { SentenceEncoder } from '../ports';
import { cosine } from '../text/cosine';

/** Passages weighed: the best three, as `joint` joins them. */
const PASSAGES = 3;
/**
 * Characters of a window the encoder reads, its heading first: the call's cost grows faster than
 * the length. Chosen on the tuning halves: 175 characters take half the time of 350 and tell
 * off-topic questions apart a little less well (docs/figures.md), and a doubtful question waits.
 */
export const READ_CHARS = 175;

/**
 * The question's closeness in meaning to the nearest of the top passages' best windows (cosine of
 * the sentence encoder's vectors), times the share of the question the encoder can read (an English model says
 * nothing of a Chinese question). Undefined when the encoder failed: the gate then judges by words.
 */
export async function sentenceMeaning(encoder: SentenceEncoder, question: string, passages: readonly string[], readShare: number): Promise<number | undefined> {
  if (readShare <= 0) return 0;
  const texts = [question, ...passages.slice(0, PASSAGES).map((p) => p.slice(0, READ_CHARS))];
  try {
    const [asked, ...read] = await encoder.encode(texts);
    if (!asked || read.length === 0) return undefined;
    return Math.max(...read.map((v) => cosine(asked, v))) * readShare;
  } catch {
    return undefined;
  }
}
