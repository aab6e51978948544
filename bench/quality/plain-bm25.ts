/**
 * The baseline every figure is printed beside: a plain BM25 as anyone would write it (Porter
 * stems, English stopwords, k1 1.2, b 0.75, title and text as one field), over the set's
 * documents, or their paragraphs where a set is scored by the passage that holds the answer.
 * It shares nothing with the engine but the word analysis.
 */
import { analyze } from '../../src/core/text/analyze';
import type { CorpusDocument } from './quality-sets';

const K1 = 1.2;
const B = 0.75;

export interface Bm25Passage {
  title: string;
  text: string;
}

export interface PlainBm25 {
  /** Passages best first (at most `limit`), each once. */
  search(question: string, limit: number): Bm25Passage[];
}

export function passagesOf(documents: readonly CorpusDocument[], byParagraph: boolean): Bm25Passage[] {
  return documents.flatMap((d) => (byParagraph ? (d.paragraphs ?? [d.content]) : [d.content]).map((text) => ({ title: d.title, text })));
}

export function plainBm25(passages: readonly Bm25Passage[]): PlainBm25 {
  const terms = passages.map((p) => analyze(`${p.title}\n${p.text}`));
  const lengths = terms.map((t) => t.length);
  const averageLength = lengths.reduce((a, b) => a + b, 0) / Math.max(1, passages.length);
  const postings = new Map<string, Map<number, number>>();
  terms.forEach((list, doc) => {
    for (const term of list) {
      const docs = postings.get(term) ?? new Map<number, number>();
      docs.set(doc, (docs.get(doc) ?? 0) + 1);
      postings.set(term, docs);
    }
  });
  return {
    search(question, limit) {
      const scores = new Map<number, number>();
      for (const term of new Set(analyze(question))) {
        const docs = postings.get(term);
        if (!docs) continue;
        const idf = Math.log(1 + (passages.length - docs.size + 0.5) / (docs.size + 0.5));
        for (const [doc, tf] of docs) {
          const norm = tf + K1 * (1 - B + (B * (lengths[doc] ?? 0)) / averageLength);
          scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (K1 + 1)) / norm);
        }
      }
      return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit).flatMap(([doc]) => {
        const passage = passages[doc];
        return passage ? [passage] : [];
      });
    },
  };
}
