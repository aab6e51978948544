import type { Root } from 'mdast';
import type { ParsedBlock } from '../../core/parse/types';
import { blockText, codeText, inlineText, tableText } from './markdown-render';
import { mergeParagraphs } from './prose-blocks';

export interface MarkdownBlocks {
  blocks: ParsedBlock[];
  /** The first H1, else the first heading of any level. */
  title: string | null;
}

interface OpenHeading {
  depth: number;
  text: string;
}

/**
 * Walks the top level of a Markdown tree (headings are siblings of their content there) and
 * keeps the open heading path. Prose between headings is merged into blocks of a few KB that
 * start with their heading's text; code blocks and tables become atomic blocks of their own.
 * A heading with nothing but a sub-heading or code under it gets no block of its own: its text
 * lives on in the heading path (`section`) of the blocks beneath it.
 */
export function markdownToBlocks(root: Root, signal?: AbortSignal): MarkdownBlocks {
  const blocks: ParsedBlock[] = [];
  const open: OpenHeading[] = [];
  let firstH1: string | null = null;
  let firstHeading: string | null = null;
  let prose: string[] = [];
  let proseHasBody = false;
  const headingTexts: string[] = [];

  const push = (text: string, atomic: boolean): void => {
    const block: ParsedBlock = { text };
    if (open.length > 0) block.section = open.map((heading) => heading.text).join(' > ');
    if (atomic) block.atomic = true;
    blocks.push(block);
  };
  const flushProse = (): void => {
    if (proseHasBody) for (const text of mergeParagraphs(prose)) push(text, false);
    prose = [];
    proseHasBody = false;
  };

  for (const node of root.children) {
    signal?.throwIfAborted();
    if (node.type === 'heading') {
      const text = inlineText(node.children, { markCode: false }).replace(/\s+/g, ' ');
      if (!text) continue;
      flushProse();
      while ((open.at(-1)?.depth ?? 0) >= node.depth) open.pop();
      open.push({ depth: node.depth, text });
      prose.push(text);
      headingTexts.push(text);
      firstHeading ??= text;
      if (node.depth === 1) firstH1 ??= text;
    } else if (node.type === 'code' || node.type === 'table') {
      const text = node.type === 'code' ? codeText(node) : tableText(node);
      if (node.type === 'code' && !node.value.trim()) continue;
      flushProse();
      push(text, true);
    } else {
      const text = blockText(node);
      if (!text.trim()) continue;
      prose.push(text);
      proseHasBody = true;
    }
  }
  flushProse();
  // A file of nothing but headings still has words worth finding: keep them as one block.
  if (blocks.length === 0 && headingTexts.length > 0) blocks.push({ text: headingTexts.join('\n\n') });
  return { blocks, title: firstH1 ?? firstHeading };
}
