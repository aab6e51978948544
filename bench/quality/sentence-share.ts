/**
 * How many of the quoted sentences of a no-model answer a question needs: the answer quotes the
 * best three sentences of the retrieved passages, and a sentence that matches one common word of
 * the question ("first" in "When was pdf.js first released?") is quoted beside the one that
 * answers. This asks the answerable questions of the sets that carry answer texts (xquad,
 * hotpotqa, everyday, files; yes/no answers left out) in-process, gate off, and prints for each
 * share of the best sentence's score below which a sentence is left out: how often the quoted
 * sentences still hold the answer, how often the first (best) one does, and how many sentences and
 * documents are quoted. Extractive answers choose the
 * share on the tuning halves (`--half held-out` to report the other half).
 *
 *   npx tsx bench/quality/sentence-share.ts [--half tuning|held-out]
 */
import { createApiSchemas } from '../../src/shared/api-schemas';
import { DEFAULT_LIMITS } from '../../src/core/config';
import { supportingSentences, type ExtractiveInput } from '../../src/core/answer/extractive-answer';
import { answerKind } from '../../src/core/answer/answer-kind';
import { halfOf, type Half } from './halves';
import { withCorpus } from './corpus-servers';
import { loadSet, type SetName } from './quality-sets';
import { RESULT_DEPTH } from './run-set';

const schemas = createApiSchemas(DEFAULT_LIMITS);
const SHARES = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7];
const SETS: SetName[] = ['xquad', 'hotpotqa', 'everyday', 'files'];
const at = process.argv.indexOf('--half');
const half: Half = at >= 0 && process.argv[at + 1] === 'held-out' ? 'held-out' : 'tuning';
const log = (line: string): void => void process.stderr.write(`${line}\n`);

interface Asked {
  answer: string;
  /** What the answer's sentences are chosen from. */
  input: ExtractiveInput;
}

async function ask(name: SetName): Promise<Asked[]> {
  const set = loadSet(name);
  const questions = set.questions.filter((q) => halfOf(q.id) === half && q.answer && !/^(yes|no)$/iu.test(q.answer));
  return withCorpus(set.documents, {}, { extractWorkers: 1, log }, (withServer) =>
    withServer({ topK: RESULT_DEPTH, coverageThreshold: 0 }, async ({ kb }) => {
      const out: Asked[] = [];
      for (const q of questions) {
        const { result } = await kb.prepareQuery(schemas.queryRequest.parse({ query: q.question, include_summary: false }));
        const neighbours = await kb.store.neighbouringChunks(result.chunks.filter((c) => c.chunk.row === null).map((c) => c.chunk.id));
        const question = { terms: result.queryTerms, idf: result.idf, variants: result.variants };
        out.push({ answer: q.answer ?? '', input: { chunks: result.chunks, neighbours, question, titles: result.titles, kind: answerKind(q.question) } });
      }
      return out;
    }),
  );
}

const pct = (n: number): string => `${(n * 100).toFixed(1)}%`;

for (const name of SETS) {
  const asked = await ask(name);
  console.log(`\n${name}, ${half} half: ${asked.length} answerable questions with an answer text`);
  console.log('share  holds the answer  first holds it  sentences  documents');
  for (const share of SHARES) {
    const quoted = asked.map((a) => ({ answer: a.answer.toLowerCase(), sentences: supportingSentences(a.input, share) }));
    const holds = quoted.filter((q) => q.sentences.some((s) => s.text.toLowerCase().includes(q.answer))).length / Math.max(1, quoted.length);
    const first = quoted.filter((q) => q.sentences[0]?.text.toLowerCase().includes(q.answer)).length / Math.max(1, quoted.length);
    const sentences = quoted.reduce((n, q) => n + q.sentences.length, 0) / Math.max(1, quoted.length);
    const documents = quoted.reduce((n, q) => n + new Set(q.sentences.map((s) => s.documentId)).size, 0) / Math.max(1, quoted.length);
    console.log(`${share.toFixed(1).padStart(5)}  ${pct(holds).padStart(16)}  ${pct(first).padStart(14)}  ${sentences.toFixed(2).padStart(9)}  ${documents.toFixed(2).padStart(9)}`);
  }
}
