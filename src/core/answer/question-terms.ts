import { analyze } from '../text/analyze';
import { titleTerms } from '../text/searched-title';

/** The question's analysed terms as retrieval weighed them, and the index's words it searched them under. */
export interface QuestionTerms {
  terms: readonly string[];
  idf: ReadonlyMap<string, number>;
  /** Other forms a term was searched under: irregular forms, spelling slips, synonyms ("alaska" → ak). */
  variants?: ReadonlyMap<string, readonly string[]>;
  /** Terms the index holds only as two words ("payday" as pay and day): a text holds them with both. */
  compounds?: ReadonlyMap<string, readonly string[]>;
  /** Dates and codes the question writes, as term sequences ("2014 12 25"): a text holds one only whole. */
  sequences?: readonly (readonly string[])[];
  /** Words general English relates to a term ("rain" → precipit): a table's column may be named by one. */
  relatives?: ReadonlyMap<string, readonly string[]>;
}

/** Every word that stands for one of the question's terms. */
export function wantedWords(question: QuestionTerms): Set<string> {
  return new Set([...question.terms, ...question.terms.flatMap((t) => [...(question.variants?.get(t) ?? []), ...(question.compounds?.get(t) ?? [])])]);
}

/** Whether analysed words hold a term: itself, one of its forms, or every word of its compound. */
function holdsTerm(question: QuestionTerms, term: string, present: ReadonlySet<string>): boolean {
  if (present.has(term) || (question.variants?.get(term) ?? []).some((v) => present.has(v))) return true;
  const parts = question.compounds?.get(term) ?? [];
  return parts.length > 0 && parts.every((p) => present.has(p));
}

/** How much of the question a text holds: each term's weight once, when the term or one of its forms occurs. */
export function matchWeight(question: QuestionTerms, text: string): number {
  const present = new Set(analyze(text));
  let weight = 0;
  for (const term of question.terms) {
    if (holdsTerm(question, term, present)) weight += question.idf.get(term) ?? 0;
  }
  return weight;
}

/**
 * The question's terms that tell a document's sentences apart: a title already says what every
 * sentence under it is about ("Tesla" in "Nikola Tesla"), so its words are left out, unless the
 * question asks about nothing else.
 */
export function beyondTitle(question: QuestionTerms, title: string): QuestionTerms {
  const titled = new Set(titleTerms(title));
  const terms = question.terms.filter((t) => !holdsTerm(question, t, titled));
  return terms.length > 0 ? { ...question, terms } : question;
}
