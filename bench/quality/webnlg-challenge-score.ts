/**
 * The WebNLG 2020 text-to-triples scores "exact" and "partial", implemented from the challenge's
 * published rules (README and Evaluation_script.py of WebNLG/WebNLG-Text-to-triples):
 *
 * - Both sides are normalised: camelCase split ("birthPlace" → "birth place"), underscores made
 *   spaces, lower case, a trailing "(…)" dropped from the object; then cut into words, punctuation
 *   dropped.
 * - Each triple is three elements (subject, predicate, object). A candidate element against the
 *   reference element: the same words → correct; some words shared → "partial"; none → the reference
 *   element is missed and the candidate's is spurious. When neither subject nor object matches, the
 *   candidate's subject and object are tried the other way round.
 * - Exact: a partial element counts as incorrect; Partial: it earns half. Per triple pair,
 *   precision = credit / candidate elements, recall = credit / reference elements (nervaluate's rules).
 * - Per entry, candidates and references are paired one to one (the shorter list padded with empty
 *   triples, which score zero) so that the sum of each pair's mean F1 over the four schemes (strict,
 *   exact, partial, type) is highest; precision, recall and F1 are then averaged over all pairs of
 *   all entries, as the script does.
 *
 * Approximations, stated: words are cut by a regular expression rather than NLTK's tokenizer; a
 * candidate with extra words around a match is one partial element (the script may split it into a
 * partial and a spurious one); the subject/predicate and predicate/object swaps the script also
 * tries are not tried (predicates here are phrases, never names).
 */
import type { Triple } from './webnlg-data';

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

export interface ChallengeScores {
  exact: Prf;
  partial: Prf;
  pairs: number;
}

type Outcome = 'correct' | 'partial' | 'none' | 'noRef' | 'noCand';

export function challengeWords(text: string, isObject = false): string[] {
  let s = text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase().replace(/\s+/g, ' ').trim();
  if (isObject) s = s.replace(/^(.*?)\s\((.*?)\)$/, '$1');
  return s.match(/[\p{L}\p{N}]+(?:[.'][\p{L}\p{N}]+)*/gu) ?? [];
}

function compare(ref: string[], cand: string[]): Outcome {
  if (ref.length === 0 && cand.length === 0) return 'noRef';
  if (ref.length === 0) return 'noRef';
  if (cand.length === 0) return 'noCand';
  if (ref.length === cand.length && ref.every((w, i) => cand[i] === w)) return 'correct';
  const words = new Set(ref);
  return cand.some((w) => words.has(w)) ? 'partial' : 'none';
}

interface Counts {
  correct: number;
  incorrect: number;
  partial: number;
  missed: number;
  spurious: number;
}

const zero = (): Counts => ({ correct: 0, incorrect: 0, partial: 0, missed: 0, spurious: 0 });

/** Per scheme, the element counts of one reference/candidate triple pair. */
function pairCounts(ref: Triple | null, cand: Triple | null): { strict: Counts; exact: Counts; partial: Counts; type: Counts } {
  const r = ref ? [challengeWords(ref.subject), challengeWords(ref.predicate), challengeWords(ref.object, true)] : [[], [], []];
  const c = cand ? [challengeWords(cand.subject), challengeWords(cand.predicate), challengeWords(cand.object, true)] : [[], [], []];
  let outcomes = [0, 1, 2].map((i) => ({ outcome: compare(r[i] ?? [], c[i] ?? []), sameSlot: true, hasCand: (c[i] ?? []).length > 0, hasRef: (r[i] ?? []).length > 0 }));
  const found = (o: Outcome): boolean => o === 'correct' || o === 'partial';
  if (!found(outcomes[0]?.outcome ?? 'none') && !found(outcomes[2]?.outcome ?? 'none')) {
    const subject = compare(r[0] ?? [], c[2] ?? []);
    const object = compare(r[2] ?? [], c[0] ?? []);
    if (found(subject) || found(object)) {
      outcomes = [
        { outcome: subject, sameSlot: false, hasCand: (c[2] ?? []).length > 0, hasRef: (r[0] ?? []).length > 0 },
        outcomes[1] ?? { outcome: 'noRef', sameSlot: true, hasCand: false, hasRef: false },
        { outcome: object, sameSlot: false, hasCand: (c[0] ?? []).length > 0, hasRef: (r[2] ?? []).length > 0 },
      ];
    }
  }
  const strict = zero();
  const exact = zero();
  const partial = zero();
  const type = zero();
  for (const { outcome, sameSlot, hasCand, hasRef } of outcomes) {
    if (outcome === 'correct') {
      exact.correct++;
      partial.correct++;
      if (sameSlot) {
        strict.correct++;
        type.correct++;
      } else {
        strict.incorrect++;
        type.incorrect++;
      }
    } else if (outcome === 'partial') {
      exact.incorrect++;
      partial.partial++;
      strict.incorrect++;
      if (sameSlot) type.correct++;
      else type.incorrect++;
    } else {
      for (const counts of [strict, exact, partial, type]) {
        if (hasRef) counts.missed++;
        if (hasCand) counts.spurious++;
      }
    }
  }
  return { strict, exact, partial, type };
}

function prf(counts: Counts, halfCredit: boolean): Prf {
  const possible = counts.correct + counts.incorrect + counts.partial + counts.missed;
  const actual = counts.correct + counts.incorrect + counts.partial + counts.spurious;
  const credit = counts.correct + (halfCredit ? 0.5 * counts.partial : 0);
  const precision = actual > 0 ? credit / actual : 0;
  const recall = possible > 0 ? credit / possible : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

interface PairScore {
  exact: Prf;
  partial: Prf;
  /** Mean F1 over the four schemes: what the pairing maximises. */
  score: number;
}

function scorePair(ref: Triple | null, cand: Triple | null): PairScore {
  const counts = pairCounts(ref, cand);
  const exact = prf(counts.exact, false);
  const partial = prf(counts.partial, true);
  const score = (prf(counts.strict, false).f1 + exact.f1 + partial.f1 + prf(counts.type, false).f1) / 4;
  return { exact, partial, score };
}

/** The one-to-one pairing of rows to columns with the highest total (Hungarian method on a square matrix). */
export function bestAssignment(score: number[][]): number[] {
  const n = score.length;
  const cost = (i: number, j: number): number => -(score[i]?.[j] ?? 0);
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Infinity);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0] ?? 0;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - (u[i0] ?? 0) - (v[j] ?? 0);
        if (cur < (minv[j] ?? Infinity)) {
          minv[j] = cur;
          way[j] = j0;
        }
        if ((minv[j] ?? Infinity) < delta) {
          delta = minv[j] ?? Infinity;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j] ?? 0] = (u[p[j] ?? 0] ?? 0) + delta;
          v[j] = (v[j] ?? 0) - delta;
        } else minv[j] = (minv[j] ?? Infinity) - delta;
      }
      j0 = j1;
    } while ((p[j0] ?? 0) !== 0);
    do {
      const j1 = way[j0] ?? 0;
      p[j0] = p[j1] ?? 0;
      j0 = j1;
    } while (j0 !== 0);
  }
  const rowToCol = new Array<number>(n).fill(-1);
  for (let j = 1; j <= n; j++) if ((p[j] ?? 0) > 0) rowToCol[(p[j] ?? 0) - 1] = j - 1;
  return rowToCol;
}

/** The selected pairs of one entry, scored. */
export function entryPairs(refs: readonly Triple[], cands: readonly Triple[]): PairScore[] {
  const n = Math.max(refs.length, cands.length);
  const matrix: PairScore[][] = [];
  for (let i = 0; i < n; i++) {
    const row: PairScore[] = [];
    for (let j = 0; j < n; j++) row.push(scorePair(refs[i] ?? null, cands[j] ?? null));
    matrix.push(row);
  }
  const assignment = bestAssignment(matrix.map((row) => row.map((s) => s.score)));
  return assignment.map((j, i) => matrix[i]?.[j] ?? scorePair(refs[i] ?? null, null));
}

/** Mean precision, recall and F1 over every selected pair of every entry. */
export function challengeScores(entries: readonly { refs: readonly Triple[]; cands: readonly Triple[] }[]): ChallengeScores {
  const pairs = entries.flatMap((e) => entryPairs(e.refs, e.cands));
  const mean = (pick: (p: PairScore) => Prf): Prf => {
    const n = Math.max(1, pairs.length);
    return {
      precision: pairs.reduce((s, p) => s + pick(p).precision, 0) / n,
      recall: pairs.reduce((s, p) => s + pick(p).recall, 0) / n,
      f1: pairs.reduce((s, p) => s + pick(p).f1, 0) / n,
    };
  };
  return { exact: mean((p) => p.exact), partial: mean((p) => p.partial), pairs: pairs.length };
}
