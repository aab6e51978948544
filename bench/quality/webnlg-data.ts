/**
 * The WebNLG 2020 text-to-triples test set (../shared/data/extraction): each entry is a short
 * text that verbalises a handful of DBpedia triples, written as `subject | predicate | object`
 * with underscores for spaces. Read with a few regular expressions: the file is flat and regular.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const WEBNLG_FILE = fileURLToPath(new URL('../../../shared/data/extraction/webnlg2020-en-test-seen.xml', import.meta.url));

export interface Triple {
  subject: string;
  predicate: string;
  object: string;
}

export interface WebnlgEntry {
  /** The entry id ("Id12"), which decides its half. */
  id: string;
  category: string;
  text: string;
  triples: Triple[];
}

const ENTRY = /<entry\b([^>]*)>([\s\S]*?)<\/entry>/g;
const ATTRIBUTE = (name: string): RegExp => new RegExp(`\\b${name}="([^"]*)"`);
const MTRIPLE = /<mtriple>([\s\S]*?)<\/mtriple>/g;
const LEX = /<lex\b[^>]*>([\s\S]*?)<\/lex>/;

function unescapeXml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}

export function loadWebnlg(file = WEBNLG_FILE): WebnlgEntry[] {
  const xml = readFileSync(file, 'utf8');
  const entries: WebnlgEntry[] = [];
  for (const match of xml.matchAll(ENTRY)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    const id = ATTRIBUTE('eid').exec(attributes)?.[1] ?? '';
    const text = unescapeXml(LEX.exec(body)?.[1] ?? '').trim();
    const triples = [...body.matchAll(MTRIPLE)].flatMap((m) => {
      const parts = unescapeXml(m[1] ?? '').split(' | ');
      return parts.length === 3 ? [{ subject: parts[0] ?? '', predicate: parts[1] ?? '', object: parts[2] ?? '' }] : [];
    });
    if (id !== '' && text !== '' && triples.length > 0) entries.push({ id, category: ATTRIBUTE('category').exec(attributes)?.[1] ?? '', text, triples });
  }
  return entries;
}
