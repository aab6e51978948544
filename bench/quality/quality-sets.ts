/**
 * The question sets of the quality benchmark, each with the corpus it is asked against. Shared
 * data is read from ../shared/data and never copied into the repo; the everyday knowledge base and
 * the off-topic questions were written for this benchmark (bench/quality/data).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HOTPOT_CORPUS_FILE, HOTPOT_QUESTIONS_FILE, SHARED_DATA, XQUAD_FILE, XQUAD_ZH_FILE } from '../real-data';

export type SetName = 'xquad' | 'xquad-zh' | 'xquad-long' | 'hotpotqa' | 'chains' | 'everyday' | 'shop' | 'wiki' | 'files' | 'claims';
export const SET_NAMES: readonly SetName[] = ['xquad', 'xquad-zh', 'xquad-long', 'hotpotqa', 'chains', 'everyday', 'shop', 'wiki', 'files', 'claims'];

export interface CorpusDocument {
  title: string;
  content: string;
  /** The document's paragraphs, where a missing-answer variant removes single paragraphs. */
  paragraphs?: string[];
  /** A file uploaded as it is (POST /upload, parsed by its type); its title is then its file name. */
  file?: string;
}

export interface GoldQuestion {
  id: string;
  question: string;
  /** Titles of the documents that together hold the answer. */
  gold: string[];
  /** Text of the answer; where a set scores by answer, a passage is gold when it holds this. */
  answer?: string;
}

export interface OpenQuestion {
  id: string;
  question: string;
}

export interface QualitySet {
  name: SetName;
  /** How a returned passage counts as gold: by its document's title, or by holding the answer text. */
  match: 'title' | 'answer';
  /** Whether several passages together answer (recall and "all gold" are about all of them). */
  multiHop: boolean;
  documents: CorpusDocument[];
  questions: GoldQuestion[];
  /** Near-topic questions the corpus cannot answer. */
  unanswerable: OpenQuestion[];
}

const DATA = new URL('./data/', import.meta.url);

export function loadSet(name: SetName): QualitySet {
  switch (name) {
    case 'xquad':
      return xquadSet();
    case 'xquad-zh':
      return { ...xquadSet(XQUAD_ZH_FILE), name: 'xquad-zh' };
    case 'xquad-long':
      return xquadLongSet();
    case 'hotpotqa':
      return hotpotSet();
    case 'chains':
      return chainsSet();
    case 'everyday':
      return personalSet('everyday', 'title');
    case 'shop':
    case 'wiki':
      return personalSet(name, 'answer');
    case 'files':
      return filesSet();
    case 'claims':
      return claimsSet();
  }
}

interface XquadArticle {
  title: string;
  paragraphs: { context: string; qas: { id: string; question: string; answers: { text: string }[] }[] }[];
}

function xquadArticles(file = XQUAD_FILE): XquadArticle[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { data: XquadArticle[] }).data;
}

const paragraphTitle = (article: string, index: number): string => `${article} #${index}`;

/**
 * Each XQuAD paragraph is one document, titled "<article> #<paragraph index>" so titles are unique;
 * in English, or in the Chinese translation (a user who asks in Chinese about Chinese documents).
 */
function xquadSet(file = XQUAD_FILE): QualitySet {
  const documents: CorpusDocument[] = [];
  const questions: GoldQuestion[] = [];
  for (const article of xquadArticles(file)) {
    article.paragraphs.forEach((p, i) => {
      const title = paragraphTitle(article.title, i);
      documents.push({ title, content: p.context });
      for (const qa of p.qas) questions.push({ id: qa.id, question: qa.question, gold: [title], answer: qa.answers[0]?.text ?? '' });
    });
  }
  return { name: 'xquad', match: 'title', multiHop: false, documents, questions, unanswerable: [] };
}

/**
 * Claims to check rather than questions ("Tesla's lighting company was financed by two
 * businessmen."), supported or contradicted by one XQuAD paragraph each, against the same 240
 * paragraphs: the shape of scientific-claim verification. Near-topic claims no paragraph decides
 * are its unanswerable ones.
 */
function claimsSet(): QualitySet {
  const { documents } = xquadSet();
  const parts = readdirSync(new URL('claims/', DATA)).filter((f) => /^part-\d+\.json$/u.test(f)).sort();
  const questions: GoldQuestion[] = [];
  const unanswerable: OpenQuestion[] = [];
  for (const part of parts) {
    const raw = JSON.parse(readFileSync(new URL(`claims/${part}`, DATA), 'utf8')) as {
      claims: { id: string; claim: string; article: string; paragraph: number }[];
      unverifiable: { id: string; claim: string }[];
    };
    questions.push(...raw.claims.map((c) => ({ id: c.id, question: c.claim, gold: [paragraphTitle(c.article, c.paragraph)] })));
    unanswerable.push(...raw.unverifiable.map((c) => ({ id: c.id, question: c.claim })));
  }
  const titles = new Set(documents.map((d) => d.title));
  const unknown = questions.flatMap((q) => q.gold).filter((t) => !titles.has(t));
  if (unknown.length > 0) throw new Error(`claims name paragraphs XQuAD lacks: ${unknown.slice(0, 5).join(', ')}`);
  return { name: 'claims', match: 'title', multiHop: false, documents, questions, unanswerable };
}

/**
 * XQuAD's 48 articles as whole long documents (titled as a person would, "Super Bowl 50"): the
 * passage cited must hold the answer, not merely come from the right article.
 */
function xquadLongSet(): QualitySet {
  const documents: CorpusDocument[] = [];
  const questions: GoldQuestion[] = [];
  for (const article of xquadArticles()) {
    const title = article.title.replaceAll('_', ' ');
    const paragraphs = article.paragraphs.map((p) => p.context);
    documents.push({ title, content: paragraphs.join('\n\n'), paragraphs });
    for (const p of article.paragraphs) for (const qa of p.qas) questions.push({ id: qa.id, question: qa.question, gold: [title], answer: qa.answers[0]?.text ?? '' });
  }
  return { name: 'xquad-long', match: 'answer', multiHop: false, documents, questions, unanswerable: [] };
}

/** Each HotpotQA paragraph is one document titled with its Wikipedia title; gold = the supporting paragraphs. */
function hotpotSet(): QualitySet {
  const corpus = JSON.parse(readFileSync(HOTPOT_CORPUS_FILE, 'utf8')) as Record<string, string[]>;
  const raw = JSON.parse(readFileSync(HOTPOT_QUESTIONS_FILE, 'utf8')) as { _id: string; question: string; answer: string; supporting_facts: [string, number][] }[];
  const documents = Object.entries(corpus).map(([title, sentences]) => ({ title, content: sentences.map((s) => s.trim()).filter((s) => s.length > 0).join(' ') }));
  const titles = new Set(documents.map((d) => d.title));
  const questions = raw.map((q) => ({ id: q._id, question: q.question, gold: [...new Set(q.supporting_facts.map(([title]) => title))], answer: q.answer }));
  const missing = questions.flatMap((q) => q.gold).filter((t) => !titles.has(t));
  if (missing.length > 0) throw new Error(`HotpotQA gold paragraphs missing from the corpus: ${missing.slice(0, 5).join(', ')}`);
  return { name: 'hotpotqa', match: 'title', multiHop: true, documents, questions, unanswerable: [] };
}

/**
 * A small knowledge base of files written for this benchmark, with questions in a user's own words:
 * one person's office and home (everyday, scored by document), or a bakery-café's shared folder
 * written by another hand, later, and never fitted on (shop, scored by the passage holding the answer),
 * and a software company's wiki by a third hand, later still (wiki, likewise).
 */
function personalSet(name: 'everyday' | 'shop' | 'wiki', match: QualitySet['match']): QualitySet {
  const files = JSON.parse(readFileSync(new URL(`${name}/documents.json`, DATA), 'utf8')) as { file: string; title: string }[];
  // Dropped in as files, as a user would: each is parsed by its type and titled by its file name.
  const documents = files.map((f) => ({ title: f.file, file: fileURLToPath(new URL(`${name}/documents/${f.file}`, DATA)), content: readFileSync(new URL(`${name}/documents/${f.file}`, DATA), 'utf8') }));
  const fileOf = new Map(files.map((f) => [f.title, f.file]));
  const raw = JSON.parse(readFileSync(new URL(`${name}/questions.json`, DATA), 'utf8')) as { answerable: GoldQuestion[]; unanswerable: OpenQuestion[] };
  const questions = raw.answerable.map((q) => ({ ...q, gold: q.gold.map((title) => fileOf.get(title) ?? title) }));
  return { name, match, multiHop: false, documents, questions, unanswerable: raw.unanswerable };
}

/**
 * Compositional questions over HotpotQA's paragraphs, written for this benchmark: each names only
 * where a chain of two to four paragraphs starts ("the river of the city where the composer of …
 * was born"), the shape of MuSiQue. Reported, never fitted on.
 */
function chainsSet(): QualitySet {
  const { documents } = hotpotSet();
  const raw = JSON.parse(readFileSync(new URL('chains/questions.json', DATA), 'utf8')) as { questions: { id: string; question: string; gold: string[]; answer: string }[] };
  const titles = new Set(documents.map((d) => d.title));
  const missing = raw.questions.flatMap((q) => q.gold).filter((t) => !titles.has(t));
  if (missing.length > 0) throw new Error(`chains name paragraphs the corpus lacks: ${missing.slice(0, 5).join(', ')}`);
  const questions = raw.questions.map((q) => ({ id: q.id, question: q.question, gold: q.gold, answer: q.answer }));
  return { name: 'chains', match: 'title', multiHop: true, documents, questions, unanswerable: [] };
}

/**
 * The shared data's real files as a user drops them in (PDFs, Markdown, CSV), parsed by the engine:
 * a paper, children's stories, a court judgment, a book chapter, a long README, spreadsheets.
 * Questions in a user's own words; a passage is gold when it holds the answer's span. The files'
 * text (for plain BM25 and the missing-answer variant) is what the engine stored of them.
 */
function filesSet(): QualitySet {
  const raw = JSON.parse(readFileSync(new URL('files/questions.json', DATA), 'utf8')) as {
    files: string[];
    answerable: { id: string; question: string; file: string; answer: string }[];
    unanswerable: OpenQuestion[];
  };
  const documents = raw.files.map((path) => ({ title: path.split('/').at(-1) ?? path, file: `${SHARED_DATA}${path}`, content: '' }));
  const questions = raw.answerable.map((q) => ({ id: q.id, question: q.question, gold: [q.file], answer: q.answer }));
  return { name: 'files', match: 'answer', multiHop: false, documents, questions, unanswerable: raw.unanswerable };
}

/** Off-topic questions, asked against every corpus: none of them can answer any. */
export function offTopicQuestions(): OpenQuestion[] {
  return (JSON.parse(readFileSync(new URL('off-topic.json', DATA), 'utf8')) as { questions: OpenQuestion[] }).questions;
}

/** An evenly spread subset (every n-th), so a quick run still samples every article. */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)] as T);
}
