import { analyze } from '../text/analyze';

/** The question's analysed terms as retrieval weighed them, and the index's words it searched them under. */
export interface QuestionTerms {
  terms: readonly string[];
  idf: ReadonlyMap<string, number>;
  /** Other forms a term was searched under: irregular forms, spelling slips, synonyms ("alaska" → ak). */
  variants?: ReadonlyMap<string, readonly string[]>;
}

/** Every word that stands for one of the question's terms. */
export function wantedWords(question: QuestionTerms): Set<string> {
  return new Set([...question.terms, ...question.terms.flatMap((t) => question.variants?.get(t) ?? [])]);
}

/** How much of the question a text holds: each term's weight once, when the term or one of its forms occurs. */
export function matchWeight(question: QuestionTerms, text: string): number {
  const present = new Set(analyze(text));
  let weight = 0;
  for (const term of question.terms) {
    if (present.has(term) || (question.variants?.get(term) ?? []).some((v) => present.has(v))) weight += question.idf.get(term) ?? 0;
  }
  return weight;
}

/**
 * The question's terms that tell a document's sentences apart: a title already says what every
 * sentence under it is about ("Tesla" in "Nikola Tesla"), so its words are left out, unless the
 * question asks about nothing else.
 */
export function beyondTitle(question: QuestionTerms, title: string): QuestionTerms {
  const titled = new Set(analyze(title));
  const terms = question.terms.filter((t) => !titled.has(t) && !(question.variants?.get(t) ?? []).some((v) => titled.has(v)));
  return terms.length > 0 ? { ...question, terms } : question;
}
