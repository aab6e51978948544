/**
 * Entity-pair precision and recall: whether the extractor links the two things a reference
 * triple links, whatever it calls the link.
 *
 * - Recall: the share of reference triples whose subject and object are the two ends of some
 *   extracted fact, in either direction (names compared by webnlg-names.ts; a fact's object may
 *   be an entity or a literal value such as a date or an amount).
 * - Precision: the share of extracted facts whose two ends are the two ends of some reference
 *   triple of the same entry, in either direction.
 */
import type { Triple } from './webnlg-data';
import { normaliseName, sameName } from './webnlg-names';

export interface PairCounts {
  references: number;
  linked: number;
  facts: number;
  correct: number;
}

const links = (a: Triple, b: Triple): boolean => {
  const [as, ao, bs, bo] = [a.subject, a.object, b.subject, b.object].map(normaliseName) as [string, string, string, string];
  return (sameName(as, bs) && sameName(ao, bo)) || (sameName(as, bo) && sameName(ao, bs));
};

export function pairCounts(refs: readonly Triple[], facts: readonly Triple[]): PairCounts {
  return {
    references: refs.length,
    linked: refs.filter((r) => facts.some((f) => links(r, f))).length,
    facts: facts.length,
    correct: facts.filter((f) => refs.some((r) => links(r, f))).length,
  };
}

export function addCounts(a: PairCounts, b: PairCounts): PairCounts {
  return { references: a.references + b.references, linked: a.linked + b.linked, facts: a.facts + b.facts, correct: a.correct + b.correct };
}

export const NO_COUNTS: PairCounts = { references: 0, linked: 0, facts: 0, correct: 0 };
