import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { ParseFailure, type FileParser, type ParsedDocument } from '../../core/parse/types';
import { decodeText, encodingWarning } from './decode-text';
import { markdownToBlocks } from './markdown-sections';
import { MIME } from './mime-types';
import { normalizeNewlines } from './prose-blocks';

/**
 * Markdown (CommonMark + GFM tables, strikethrough, task lists, footnotes): blocks follow the
 * heading tree and carry its path as `section`; code blocks and tables stay whole as atomic
 * blocks. Title: a front-matter `title:`, else the first H1, else the first heading.
 */
export function createMarkdownParser(): FileParser {
  return {
    mimeTypes: [MIME.markdown],
    async parse(bytes, options): Promise<ParsedDocument> {
      options.signal?.throwIfAborted();
      const decoded = decodeText(bytes);
      const { body, title: frontMatterTitle } = splitFrontMatter(normalizeNewlines(decoded.text));
      const tree = fromMarkdown(body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
      const { blocks, title } = markdownToBlocks(tree, options.signal);
      if (blocks.length === 0) throw new ParseFailure('no_text_found', 'The Markdown file contains no text.');
      const warning = encodingWarning(decoded);
      return {
        mimeType: MIME.markdown,
        title: frontMatterTitle ?? title,
        blocks,
        structuredFacts: [],
        warnings: warning ? [warning] : [],
      };
    },
  };
}

/**
 * Removes YAML front matter (`---` … `---` at the very top). Without this, CommonMark reads its
 * closing `---` as a setext underline and the metadata becomes a heading of the document.
 */
function splitFrontMatter(text: string): { body: string; title: string | null } {
  const match = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(text);
  if (!match) return { body: text, title: null };
  const titleLine = /^title:[ \t]*(.+?)[ \t]*$/m.exec(match[1] ?? '');
  const title = titleLine?.[1]?.replace(/^(["'])(.*)\1$/, '$2').trim() || null;
  return { body: text.slice(match[0].length), title };
}
