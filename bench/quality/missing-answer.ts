/**
 * The "missing answer" variant of a set: the gold passages of about half its questions removed
 * from the corpus. Those questions must then be refused or clearly marked (low coverage); a user
 * whose documents do not hold the answer must not be handed a confident one.
 */
import { losesGold } from './halves';
import type { CorpusDocument, GoldQuestion, QualitySet } from './quality-sets';

export interface MissingAnswerVariant {
  documents: CorpusDocument[];
  /** Questions none of whose gold passages is left. */
  missing: GoldQuestion[];
}

const normalise = (text: string): string => text.replace(/\s+/gu, ' ').toLowerCase();

export function missingAnswerVariant(set: QualitySet): MissingAnswerVariant {
  const chosen = set.questions.filter((q) => losesGold(q.id));
  if (set.match === 'title') {
    // A question that needs several passages loses them all; where one passage answers several
    // questions, half the documents go (by a coin per title), or a small base would lose them all.
    const removed = new Set(set.multiHop ? chosen.flatMap((q) => q.gold) : set.documents.map((d) => d.title).filter(losesGold));
    return {
      documents: set.documents.filter((d) => !removed.has(d.title)),
      missing: set.questions.filter((q) => q.gold.every((g) => removed.has(g))),
    };
  }
  // By answer: the paragraphs of the gold document that hold a chosen question's answer go.
  const holds = (paragraph: string, q: GoldQuestion): boolean => normalise(paragraph).includes(normalise(q.answer ?? ''));
  const documents = set.documents.map((d): CorpusDocument => {
    const all = d.paragraphs ?? [d.content];
    const paragraphs = all.filter((p) => !chosen.some((q) => q.gold.includes(d.title) && holds(p, q)));
    if (paragraphs.length === all.length) return d;
    // An uploaded file that lost passages is stored as the text left (its passages as paragraphs).
    const { file: _file, ...text } = d;
    return { ...text, content: paragraphs.join('\n\n'), paragraphs };
  });
  const byTitle = new Map(documents.map((d) => [d.title, d]));
  return {
    documents: documents.filter((d) => d.content.length > 0),
    missing: set.questions.filter((q) => q.gold.every((g) => !(byTitle.get(g)?.paragraphs ?? []).some((p) => holds(p, q)))),
  };
}
