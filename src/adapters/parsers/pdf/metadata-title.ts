import { normalizeText, tidySpaces } from './normalize-text';
import { measureText, verdictOf } from './text-quality';

/**
 * The document title from PDF metadata, when it names the document. Producers often fill
 * /Title with a file name ("Microsoft Word - 102314.docx", "Document1") or leave junk; those
 * would be worse than the upload's own file name, so they give null.
 */

const PRODUCER_PREFIX = /^(?:Microsoft (?:Word|PowerPoint|Excel) - |untitled - )/iu;
const FILE_NAME = /\.(?:docx?|pptx?|xlsx?|odt|rtf|txt|tex|dvi|ps|eps|pdf|indd|qxd|pages|html?)$/iu;
const PLACEHOLDER = /^(?:untitled|document\d*|title|no title|none|null|unknown|slide \d+|\d+|[\W_]+|print|new document)$/iu;

export function sensibleTitle(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const title = tidySpaces(normalizeText(raw).replace(/\s+/gu, ' ')).replace(PRODUCER_PREFIX, '');
  if (title.length < 3 || title.length > 300) return null;
  if (FILE_NAME.test(title) || PLACEHOLDER.test(title)) return null;
  // Paths and file names without extension ("C:\\work\\report", "/tmp/x").
  if (/^[a-z]:\\|^\/|\\/iu.test(title)) return null;
  if (verdictOf(measureText(title)) !== 'readable') return null;
  return title;
}
