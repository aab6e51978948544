import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Real data lives beside the project in ../shared/data and is never copied into the repo. */
export const SHARED_DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));

export interface XquadArticle {
  title: string;
  paragraphs: { context: string; qas: { question: string; answers: { text: string }[] }[] }[];
}

export function xquadArticles(): XquadArticle[] {
  const raw = JSON.parse(readFileSync(`${SHARED_DATA}qa/xquad/xquad.en.json`, 'utf8')) as { data: XquadArticle[] };
  return raw.data;
}

/** One article as one document: its paragraphs joined by blank lines. */
export function articleText(article: XquadArticle): string {
  return article.paragraphs.map((p) => p.context).join('\n\n');
}
