/**
 * The question sets of the quality benchmark, each with the corpus it is asked against and the
 * titles of its gold documents. Data is read from ../shared/data and never copied into the repo.
 */
import { readFileSync } from 'node:fs';
import { HOTPOT_CORPUS_FILE, HOTPOT_QUESTIONS_FILE, XQUAD_FILE } from '../real-data';

export type SetName = 'xquad' | 'hotpotqa';
export const SET_NAMES: readonly SetName[] = ['xquad', 'hotpotqa'];

export interface CorpusDocument {
  title: string;
  content: string;
}

export interface GoldQuestion {
  question: string;
  /** Titles of the documents that together hold the answer (XQuAD one, HotpotQA two). */
  gold: string[];
}

export interface QualitySet {
  name: SetName;
  documents: CorpusDocument[];
  questions: GoldQuestion[];
}

export function loadSet(name: SetName): QualitySet {
  return name === 'xquad' ? xquadSet() : hotpotSet();
}

/** Each XQuAD paragraph is one document, titled "<article> #<paragraph index>" so titles are unique. */
function xquadSet(): QualitySet {
  const raw = JSON.parse(readFileSync(XQUAD_FILE, 'utf8')) as {
    data: { title: string; paragraphs: { context: string; qas: { question: string }[] }[] }[];
  };
  const documents: CorpusDocument[] = [];
  const questions: GoldQuestion[] = [];
  for (const article of raw.data) {
    article.paragraphs.forEach((p, i) => {
      const title = `${article.title} #${i}`;
      documents.push({ title, content: p.context });
      for (const qa of p.qas) questions.push({ question: qa.question, gold: [title] });
    });
  }
  return { name: 'xquad', documents, questions };
}

/** Each HotpotQA paragraph is one document titled with its Wikipedia title; gold = the supporting paragraphs. */
function hotpotSet(): QualitySet {
  const corpus = JSON.parse(readFileSync(HOTPOT_CORPUS_FILE, 'utf8')) as Record<string, string[]>;
  const raw = JSON.parse(readFileSync(HOTPOT_QUESTIONS_FILE, 'utf8')) as { question: string; supporting_facts: [string, number][] }[];
  const documents = Object.entries(corpus).map(([title, sentences]) => ({ title, content: sentences.map((s) => s.trim()).filter((s) => s.length > 0).join(' ') }));
  const titles = new Set(documents.map((d) => d.title));
  const questions = raw.map((q) => ({ question: q.question, gold: [...new Set(q.supporting_facts.map(([title]) => title))] }));
  const missing = questions.flatMap((q) => q.gold).filter((t) => !titles.has(t));
  if (missing.length > 0) throw new Error(`HotpotQA gold paragraphs missing from the corpus: ${missing.slice(0, 5).join(', ')}`);
  return { name: 'hotpotqa', documents, questions };
}

/** 50 realistic questions on topics absent from both corpora (cooking, tax forms, car repair, …). */
export function offTopicQuestions(): string[] {
  const raw = JSON.parse(readFileSync(new URL('./off-topic-questions.json', import.meta.url), 'utf8')) as { questions: string[] };
  return raw.questions;
}

/** An evenly spread subset (every n-th), so a quick run still samples every article. */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)] as T);
}
