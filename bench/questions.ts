/**
 * The fixed question set for latency: real questions from XQuAD and HotpotQA, plus keyword
 * queries drawn from corpus sentences (the terse kind people type into a search box).
 */
import { createRng } from './prng';
import { hotpotQuestions, xquadParagraphs } from './real-data';

export interface QuestionSet {
  warmUp: string[];
  measured: string[];
  composition: { xquad: number; hotpotqa: number; keywords: number };
}

const XQUAD_SHARE = 90;
const HOTPOT_SHARE = 70;
const KEYWORD_SHARE = 40;
const WARM_UP = 20;

export function buildQuestionSet(sentences: readonly string[], seed: number): QuestionSet {
  const rng = createRng(seed);
  const xquad = xquadParagraphs().flatMap((p) => p.questions);
  const hotpot = hotpotQuestions();
  const keywords = (count: number): string[] =>
    Array.from({ length: count }, () => {
      const words = rng.pick(sentences).match(/\p{L}{4,}/gu) ?? ['unknown'];
      return `${rng.sample(words, rng.int(3, 6)).join(' ')}?`;
    });
  // Warm-up questions are drawn separately so the measured ones never hit a cache they primed.
  const xquadPicked = rng.sample(xquad, XQUAD_SHARE + WARM_UP);
  const measured = [...xquadPicked.slice(0, XQUAD_SHARE), ...rng.sample(hotpot, HOTPOT_SHARE), ...keywords(KEYWORD_SHARE)];
  return {
    warmUp: xquadPicked.slice(XQUAD_SHARE),
    measured: rng.sample(measured, measured.length),
    composition: { xquad: XQUAD_SHARE, hotpotqa: HOTPOT_SHARE, keywords: KEYWORD_SHARE },
  };
}
