import type { ParsedBlock } from '../../core/parse/types';
import { decodeEntities } from './html-text';
import { mergeParagraphs } from './prose-blocks';

export interface DocxBlocks {
  blocks: ParsedBlock[];
  /** The first h1 (Word's "Title" or "Heading 1"). */
  title: string | null;
}

interface OpenHeading {
  depth: number;
  text: string;
}

interface OpenList {
  ordered: boolean;
  count: number;
}

// mammoth writes compact, well-formed HTML: tags with attributes, or text between them.
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>|([^<]+)/g;
const HEADING = /^h([1-6])$/;

/**
 * Turns mammoth's HTML for a DOCX into blocks, the same way Markdown is read: headings (Word's
 * heading styles) open sections whose path each block carries; paragraphs and list items are prose
 * merged into blocks of a few KB; a table becomes one atomic block in Markdown table form, one
 * line per row. Formatting (bold, links, footnote markers) is dropped, its text kept.
 */
export function docxHtmlToBlocks(html: string): DocxBlocks {
  const blocks: ParsedBlock[] = [];
  const open: OpenHeading[] = [];
  let title: string | null = null;
  let prose: string[] = [];
  let proseHasBody = false;
  let text = '';
  let headingDepth = 0;
  const lists: OpenList[] = [];
  let listLines: string[] = [];
  let itemMarker: string | null = null;
  let tableDepth = 0;
  let rows: string[][] = [];
  let cells: string[] = [];

  const section = (): string | undefined => (open.length > 0 ? open.map((heading) => heading.text).join(' > ') : undefined);
  const push = (blockText: string, atomic: boolean): void => {
    const block: ParsedBlock = { text: blockText };
    const path = section();
    if (path) block.section = path;
    if (atomic) block.atomic = true;
    blocks.push(block);
  };
  const flushProse = (): void => {
    if (proseHasBody) for (const merged of mergeParagraphs(prose)) push(merged, false);
    prose = [];
    proseHasBody = false;
  };
  const takeText = (): string => {
    const taken = text.replace(/[ \t\u00a0]+/g, ' ').replace(/ ?\n ?/g, '\n').trim();
    text = '';
    return taken;
  };
  // Text outside any paragraph (mammoth rarely writes it) is kept as a paragraph of its own.
  const pushLooseText = (): void => {
    const loose = takeText();
    if (loose) {
      prose.push(loose);
      proseHasBody = true;
    }
  };
  const endItem = (): void => {
    const itemText = takeText();
    if (itemMarker !== null && itemText) listLines.push(`${'  '.repeat(Math.max(0, lists.length - 1))}${itemMarker}${itemText}`);
    itemMarker = null;
  };

  for (const match of html.matchAll(TOKEN)) {
    const [, closing, rawName = '', attributes = '', textPart] = match;
    if (textPart !== undefined) {
      text += decodeEntities(textPart);
      continue;
    }
    const name = rawName.toLowerCase();
    const isClosing = closing === '/';

    if (name === 'br') {
      text += tableDepth > 0 ? ' ' : '\n';
    } else if (name === 'img') {
      const alt = /\balt="([^"]*)"/.exec(attributes)?.[1];
      if (alt) text += decodeEntities(alt);
    } else if (name === 'table') {
      // A table inside a table cell is read as part of that cell's text.
      tableDepth += isClosing ? -1 : 1;
      if (!isClosing && tableDepth === 1) {
        pushLooseText();
        flushProse();
        rows = [];
      } else if (isClosing && tableDepth === 0) {
        const table = tableText(rows);
        if (table) push(table, true);
      }
    } else if (tableDepth > 0) {
      if (tableDepth > 1) {
        if (isClosing && name !== 'span' && name !== 'a' && name !== 'strong' && name !== 'em') text += ' ';
      } else if (name === 'tr') {
        if (isClosing) rows.push(cells);
        cells = [];
      } else if ((name === 'td' || name === 'th') && isClosing) {
        cells.push(takeText().replace(/\s+/g, ' '));
      } else if (isClosing && name === 'p') {
        text += ' ';
      }
    } else if (HEADING.test(name)) {
      if (!isClosing) {
        pushLooseText();
        headingDepth = Number(name.slice(1));
        continue;
      }
      const headingText = takeText().replace(/\s+/g, ' ');
      if (!headingText) continue;
      flushProse();
      while ((open.at(-1)?.depth ?? 0) >= headingDepth) open.pop();
      open.push({ depth: headingDepth, text: headingText });
      prose.push(headingText);
      if (headingDepth === 1) title ??= headingText;
    } else if (name === 'ul' || name === 'ol') {
      if (!isClosing) {
        endItem();
        lists.push({ ordered: name === 'ol', count: 0 });
      } else {
        endItem();
        lists.pop();
        if (lists.length === 0 && listLines.length > 0) {
          prose.push(listLines.join('\n'));
          proseHasBody = true;
          listLines = [];
        }
      }
    } else if (name === 'li') {
      endItem();
      const list = lists.at(-1);
      if (!isClosing && list) {
        list.count++;
        itemMarker = list.ordered ? `${list.count}. ` : '- ';
      }
    } else if (name === 'p' && isClosing) {
      if (itemMarker !== null) text += '\n';
      else pushLooseText();
    }
  }
  pushLooseText();
  flushProse();
  return { blocks, title };
}

/** Markdown table form: the first row is the header (Word tables rarely mark one). */
function tableText(rows: readonly (readonly string[])[]): string {
  const filled = rows.filter((row) => row.some((cell) => cell.length > 0));
  const width = Math.max(0, ...filled.map((row) => row.length));
  if (width === 0) return '';
  const line = (row: readonly string[]): string =>
    `| ${Array.from({ length: width }, (_, i) => (row[i] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`;
  const [header = [], ...body] = filled;
  return [line(header), line(Array.from({ length: width }, () => '---')), ...body.map(line)].join('\n');
}
