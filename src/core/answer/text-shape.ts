/**
 * What a line or a sentence of a passage is, judged from its shape alone (no file type, no
 * parser's word for it): an answer quotes prose, never code, markup or a template directive.
 */

// Template languages (mdBook, Handlebars, Jinja, Liquid, Hugo) and HTML comments.
const DIRECTIVE = /\{\{[^{}]*\}\}|\{%[^{}]*%\}|<!--|-->/u;
// A line that starts with an HTML or XML tag.
const TAG_LINE = /^\s*<\/?[a-zA-Z][\w:-]*(?:\s[^<>]*)?\/?>/u;
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*\/|#!|#include\b|--\s)/u;
// A shell prompt before a command.
const PROMPT_LINE = /^\s*[$>]\s+\S/u;
// A declaration in a programming language: a keyword prose lines do not start with, then code punctuation.
const STATEMENT = /^\s*(?:let|const|var|fn|def|func|function|import|export|impl|struct|enum|class|interface|package|public|private|static|void)\b[^.!?]*[;{}=]/u;
// A block opened or closed, or a statement ended after a call or an assignment; a prose line may end in ";".
const CODE_ENDING = /\{\s*$|^\s*[}\])]|[=()].*;\s*$/u;
// Characters that are frequent in code and rare in prose.
const CODE_CHARS = /[{}[\]();=<>&|\\/*#$@^~`_]/gu;
/** Above this share of code characters among a line's visible characters, the line is code. */
const CODE_CHAR_SHARE = 0.2;

/** A Markdown code fence (``` or ~~~), with or without a language after it. */
export function fenceOf(line: string): { info: string } | null {
  const match = /^\s*(?:`{3,}|~{3,})\s*([\w+#.-]*)\s*$/u.exec(line);
  return match ? { info: match[1] ?? '' } : null;
}

export function isTableLine(line: string): boolean {
  const trimmed = line.trim();
  return (trimmed.startsWith('|') && trimmed.endsWith('|') && trimmed.length > 1) || /^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?$/u.test(trimmed);
}

/** The length of a list marker ("- ", "* ", "1. ", "a) ", "[ ] ") at the line's start; 0 when there is none. */
export function listMarkerLength(line: string): number {
  const match = /^\s*(?:[-*+•‣◦]|\d{1,3}[.)]|[a-z][.)])\s+(?:\[[ xX]\]\s+)?/u.exec(line);
  return match ? match[0].length : 0;
}

/** Template directives, HTML comments and tags: markup, whatever surrounds it. */
export function isMarkup(text: string): boolean {
  return DIRECTIVE.test(text) || TAG_LINE.test(text);
}

/** A line of program code, a command or markup rather than a line of prose. */
export function looksLikeCode(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length === 0) return false;
  if (isMarkup(trimmed) || COMMENT_LINE.test(trimmed) || PROMPT_LINE.test(trimmed) || STATEMENT.test(trimmed) || CODE_ENDING.test(trimmed)) return true;
  return codeCharShare(withoutInlineCode(trimmed)) > CODE_CHAR_SHARE;
}

/**
 * A sentence a person can read as prose: not code, and with words of its own beside any inline
 * code (`let s = String::from("x");` in backticks is an inline code block, not a sentence).
 */
export function isProseSentence(sentence: string): boolean {
  if (looksLikeCode(sentence)) return false;
  // Scripts written without spaces count a word per character.
  const words = withoutInlineCode(sentence).match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|\p{L}{2,}/gu) ?? [];
  const visible = sentence.replace(/\s+/gu, '').length;
  const inCode = visible - withoutInlineCode(sentence).replace(/\s+/gu, '').length;
  return words.length >= 3 && inCode <= visible / 2;
}

function withoutInlineCode(text: string): string {
  return text.replace(/(`+)[^`]*?\1/gu, ' ');
}

function codeCharShare(text: string): number {
  const visible = text.replace(/\s+/gu, '').length;
  if (visible === 0) return 0;
  return (text.match(CODE_CHARS)?.length ?? 0) / visible;
}
