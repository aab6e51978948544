import { analyze } from './analyze';

/** The endings of the files people drop in, which name a document when it has no title of its own. */
const FILE_EXTENSION = /\.(?:pdf|docx|csv|tsv|md|markdown|mdown|mkd|txt|text|log)$/iu;

/**
 * A document's title as its passages are searched and judged by: a file's name without its
 * ending. "pdf" in every passage of every PDF named "….pdf" would make a question about PDF.js
 * match them all, and a question's "csv" every row of every table.
 */
export function searchedTitle(title: string): string {
  return title.replace(FILE_EXTENSION, '');
}

/** The terms of a document's title as searched (`searchedTitle`). */
export function titleTerms(title: string): string[] {
  return analyze(searchedTitle(title));
}
