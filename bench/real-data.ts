/**
 * Reads the real English text the bench is built from. The data lives beside the project in
 * ../shared/data and is never copied into the repository.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SHARED_DATA = fileURLToPath(new URL('../../shared/data/', import.meta.url));
export const XQUAD_FILE = `${SHARED_DATA}qa/xquad/xquad.en.json`;
/** The same paragraphs and questions, professionally translated into Chinese. */
export const XQUAD_ZH_FILE = `${SHARED_DATA}qa/xquad/xquad.zh.json`;
export const HOTPOT_CORPUS_FILE = `${SHARED_DATA}qa/hotpotqa/hotpotqa_train_corpus.json`;
export const HOTPOT_QUESTIONS_FILE = `${SHARED_DATA}qa/hotpotqa/hotpotqa_train.json`;

export interface XquadParagraph {
  /** Article title and paragraph index, e.g. "Super_Bowl_50 #3": unique per paragraph. */
  key: string;
  context: string;
  questions: string[];
}

export function xquadParagraphs(): XquadParagraph[] {
  const raw = JSON.parse(readFileSync(XQUAD_FILE, 'utf8')) as {
    data: { title: string; paragraphs: { context: string; qas: { question: string }[] }[] }[];
  };
  return raw.data.flatMap((article) =>
    article.paragraphs.map((p, i) => ({ key: `${article.title} #${i}`, context: p.context, questions: p.qas.map((q) => q.question) })),
  );
}

/** HotpotQA's corpus file: one entry per Wikipedia paragraph, already split into sentences. */
export function hotpotParagraphs(): string[][] {
  const raw = JSON.parse(readFileSync(HOTPOT_CORPUS_FILE, 'utf8')) as Record<string, string[]>;
  return Object.values(raw).map((sentences) => sentences.map((s) => s.trim()).filter((s) => s.length > 0));
}

export function hotpotQuestions(): string[] {
  const raw = JSON.parse(readFileSync(HOTPOT_QUESTIONS_FILE, 'utf8')) as { question: string }[];
  return raw.map((q) => q.question);
}
