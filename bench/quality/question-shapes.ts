/** The answerable questions asked again in the shapes users type them in, each beside the questions as written. */
import { askedWhy } from './asked-why';
import { inChat } from './chatty';
import { misspell } from './misspelt';

export interface QuestionShape {
  name: string;
  /** What the shape does to a question, for the report. */
  about: string;
  /** The question in this shape, or null where the shape does not apply. */
  make(question: { id: string; question: string }): string | null;
}

export const QUESTION_SHAPES: readonly QuestionShape[] = [
  { name: 'misspelt', about: 'one slip in the longest word: letters swapped, dropped, doubled or a neighbouring key', make: misspell },
  { name: 'chatty', about: 'a greeting or request before it, thanks after it', make: inChat },
  { name: 'why', about: 'a sentence on why it is asked, before or after it', make: askedWhy },
];
