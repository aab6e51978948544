import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Real data lives beside the project in ../shared/data and is never copied into the repo. */
export const SHARED_DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));

export interface XquadArticle {
  title: string;
  paragraphs: { context: string; qas: { question: string; answers: { text: string }[] }[] }[];
}

/** XQuAD's articles in English, or in the professional Chinese translation. */
export function xquadArticles(language: 'en' | 'zh' = 'en'): XquadArticle[] {
  const raw = JSON.parse(readFileSync(`${SHARED_DATA}qa/xquad/xquad.${language}.json`, 'utf8')) as { data: XquadArticle[] };
  return raw.data;
}

/** One article as one document: its paragraphs joined by blank lines. */
export function articleText(article: XquadArticle): string {
  return article.paragraphs.map((p) => p.context).join('\n\n');
}

/** Every XQuAD article four times over: about 0.8 MB, one document of several ingest batches. */
export function largeCorpus(): string {
  return Array.from({ length: 4 }, () => xquadArticles().map(articleText).join('\n\n')).join('\n\n');
}
