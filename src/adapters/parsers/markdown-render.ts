import type { Code, List, PhrasingContent, RootContent, Table } from 'mdast';
import { htmlToText } from './html-text';

/**
 * Renders mdast nodes back to plain, readable text: markup goes (emphasis, link targets, image
 * URLs), content stays (link text, image alt text, inline code with its backticks so code reads
 * as code). Code blocks and tables keep their Markdown form because that is how a person, and a
 * language model quoting a source, reads them best.
 */

interface InlineStyle {
  /** Keep backticks around inline code (false for heading paths, which are labels). */
  markCode: boolean;
}

// An HTML tag that survived as text. GFM's autolink literal takes the URL out of an unquoted
// attribute, so `<a href=http://x>1</a>` reaches us as text "<a href=", a link and text ">1".
const STRAY_TAG = /<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?\/?>/g;
// Inline code is set aside while stray tags are removed, so `Vec<T>` in backticks survives.
const CODE_SLOT = /\uE000(\d+)\uE001/g;

/** The text of inline content; soft line breaks become spaces, hard breaks stay line breaks. */
export function inlineText(nodes: readonly PhrasingContent[], style: InlineStyle = { markCode: true }): string {
  const code: string[] = [];
  const keepCode = (text: string): string => `\uE000${code.push(text) - 1}\uE001`;
  let text = nodes.map((node) => renderInline(node, style, keepCode)).join('');
  if (text.includes('<')) text = text.replace(STRAY_TAG, '');
  if (code.length > 0) text = text.replace(CODE_SLOT, (_slot, index: string) => code[Number(index)] ?? '');
  return text.replace(/[ \t]+\n/g, '\n').trim();
}

function renderInline(node: PhrasingContent, style: InlineStyle, keepCode: (code: string) => string): string {
  switch (node.type) {
    case 'text':
      return node.value.replace(/[ \t]*\n[ \t]*/g, ' ');
    case 'inlineCode':
      return keepCode(style.markCode ? backticked(node.value) : node.value);
    case 'emphasis':
    case 'strong':
    case 'delete':
    case 'link':
    case 'linkReference':
      return node.children.map((child) => renderInline(child, style, keepCode)).join('');
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    case 'break':
      return '\n';
    case 'html':
      return inlineHtml(node.value, style);
    case 'footnoteReference':
      return `[${node.label ?? node.identifier}]`;
    default:
      return '';
  }
}

// Inline HTML arrives one tag at a time: `<code>` … `</code>` around text (the Rust book writes
// `<code>&vert;</code>` for a pipe inside a table cell), so the tags themselves map to backticks.
function inlineHtml(html: string, style: InlineStyle): string {
  if (/^<\/?code\b[^>]*>$/i.test(html)) return style.markCode ? '`' : '';
  if (/^<br\b[^>]*>$/i.test(html)) return '\n';
  return htmlToText(html);
}

function backticked(code: string): string {
  const longestRun = Math.max(0, ...Array.from(code.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return longestRun > 0 ? `${fence} ${code} ${fence}` : `${fence}${code}${fence}`;
}

/** A fenced code block, fence long enough not to clash with backticks inside the code. */
export function codeText(node: Code): string {
  const longestRun = Math.max(0, ...Array.from(node.value.matchAll(/`{3,}/g), (match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${node.lang ?? ''}\n${node.value}\n${fence}`;
}

/**
 * A GFM table as Markdown: a header row, a separator and one line per row. Pipes inside cells
 * (already unescaped by the parser) are escaped again so every line still has one cell per column.
 */
export function tableText(table: Table): string {
  const rows = table.children.map((row) =>
    row.children.map((cell) => inlineText(cell.children).replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')),
  );
  const width = Math.max(0, ...rows.map((cells) => cells.length));
  const line = (cells: readonly string[]): string =>
    `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  const [header, ...body] = rows;
  if (!header) return '';
  return [line(header), line(Array.from({ length: width }, () => '---')), ...body.map(line)].join('\n');
}

/** Any block-level node as text; used for prose and for what is nested in lists and quotes. */
export function blockText(node: RootContent): string {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return inlineText(node.children);
    case 'code':
      return codeText(node);
    case 'table':
      return tableText(node);
    case 'list':
      return listText(node);
    case 'blockquote':
      return joinBlocks(node.children);
    case 'footnoteDefinition':
      return `[${node.label ?? node.identifier}]: ${joinBlocks(node.children)}`;
    case 'html':
      return htmlToText(node.value);
    default:
      // thematicBreak, definition (link targets) and the like carry no readable text.
      return '';
  }
}

function joinBlocks(nodes: readonly RootContent[]): string {
  return nodes
    .map(blockText)
    .filter((text) => text.length > 0)
    .join('\n');
}

function listText(list: List): string {
  const first = list.start ?? 1;
  return list.children
    .map((item, i) => {
      const check = item.checked === true ? '[x] ' : item.checked === false ? '[ ] ' : '';
      const marker = list.ordered ? `${first + i}. ` : '- ';
      const indent = ' '.repeat(marker.length);
      const [head = '', ...rest] = joinBlocks(item.children).split('\n');
      return [`${marker}${check}${head}`, ...rest.map((line) => (line ? indent + line : line))].join('\n');
    })
    .join('\n');
}
