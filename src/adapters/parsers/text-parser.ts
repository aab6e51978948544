import { ParseFailure, type FileParser, type ParsedDocument } from '../../core/parse/types';
import { decodeText, encodingWarning } from './decode-text';
import { MIME } from './mime-types';
import { mergeParagraphs, normalizeNewlines, splitParagraphs } from './prose-blocks';

/**
 * Plain text: decoded with encoding detection, split into paragraphs at blank lines and merged
 * into blocks of a few KB. Plain text has no title or structure to report.
 */
export function createTextParser(): FileParser {
  return {
    mimeTypes: [MIME.text],
    async parse(bytes, options): Promise<ParsedDocument> {
      options.signal?.throwIfAborted();
      const decoded = decodeText(bytes);
      const blocks = mergeParagraphs(splitParagraphs(normalizeNewlines(decoded.text))).map((text) => ({ text }));
      if (blocks.length === 0) throw new ParseFailure('no_text_found', 'The file contains no text.');
      const warning = encodingWarning(decoded);
      return { mimeType: MIME.text, title: null, blocks, structuredFacts: [], warnings: warning ? [warning] : [] };
    },
  };
}
