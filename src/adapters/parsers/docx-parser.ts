import mammoth from 'mammoth';
import { ParseFailure, type FileParser, type ParsedDocument } from '../../core/parse/types';
import { docxHtmlToBlocks } from './docx-html-blocks';
import { MIME } from './mime-types';

// Word's own "Title" style is the document's title; mammoth's default map leaves it a plain paragraph.
const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", 'p.Title => h1:fresh'];

/**
 * DOCX via mammoth's HTML conversion (it maps Word's heading styles to h1–h6 and keeps tables and
 * lists), read into blocks with `section` = heading path. Images are skipped: their bytes are
 * never decoded, only their alt text is kept.
 */
export function createDocxParser(): FileParser {
  return {
    mimeTypes: [MIME.docx],
    async parse(bytes, options): Promise<ParsedDocument> {
      options.signal?.throwIfAborted();
      const html = await convert(bytes);
      options.signal?.throwIfAborted();
      const { blocks, title } = docxHtmlToBlocks(html);
      if (blocks.length === 0) throw new ParseFailure('no_text_found', 'The Word document contains no text.');
      return { mimeType: MIME.docx, title, blocks, structuredFacts: [], warnings: [] };
    },
  };
}

async function convert(bytes: Uint8Array): Promise<string> {
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      // Without a converter mammoth would inline every image as base64 only for us to drop it.
      { styleMap: STYLE_MAP, convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    return result.value;
  } catch (error) {
    // A broken zip, a zip that is not a Word document, or XML mammoth cannot read.
    const reason = error instanceof Error ? error.message : String(error);
    throw new ParseFailure('malformed', `The Word document could not be read: ${reason}`);
  }
}
