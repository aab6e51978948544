/** Issue 14's "done when" figures, checked on every set's held-out half. */
import type { HalfResult, SetResult } from './run-set';

export interface QualityTarget {
  target: string;
  measured: string;
  met: boolean;
}

/** Plain BM25 may lead by this much before the engine counts as losing to it. */
const TOLERANCE = 0.01;

export function checkQualityTargets(sets: readonly SetResult[]): QualityTarget[] {
  return sets.flatMap((s) => {
    const h = s.halves.find((x) => x.half === 'held-out');
    return h ? targetsOf(s, h) : [];
  });
}

function targetsOf(s: SetResult, h: HalfResult): QualityTarget[] {
  const f = (v: number): string => v.toFixed(3);
  const t = (target: string, measured: number, met: boolean, against?: number): QualityTarget => ({
    target: `${s.set}: ${target}`,
    measured: against === undefined ? f(measured) : `${f(measured)} vs ${f(against)}`,
    met,
  });
  const list = [
    t('recall@5 >= BM25 - 0.01', h.engine.recall5, h.engine.recall5 >= h.bm25.recall5 - TOLERANCE, h.bm25.recall5),
    t('MRR@10 >= BM25 - 0.01', h.engine.mrr, h.engine.mrr >= h.bm25.mrr - TOLERANCE, h.bm25.mrr),
    t('answerable refused <= 0.03', h.answerableRefused, h.answerableRefused <= 0.03),
    t('off-topic refused >= 0.95', h.offTopic.refused, h.offTopic.refused >= 0.95),
  ];
  if (s.multiHop) list.push(t('all gold@10 >= BM25 + 0.10', h.engine.allGold10, h.engine.allGold10 >= h.bm25.allGold10 + 0.1, h.bm25.allGold10));
  if (h.missing) list.push(t('missing answer refused or marked >= 0.60', h.missing.refusedOrMarked, h.missing.refusedOrMarked >= 0.6));
  if (h.unanswerable) list.push(t('near-topic unanswerable refused or marked >= 0.60', h.unanswerable.refusedOrMarked, h.unanswerable.refusedOrMarked >= 0.6));
  return list;
}
