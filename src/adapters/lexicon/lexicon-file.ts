import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import { emptyLexicon, type Lexicon, type RelatedTerm } from '../../core/ports';
import { decodeRelated, isLexiconData, phraseKey, type LexiconData } from './lexicon-format';

export interface LexiconFileOptions {
  /** Told once when the file is missing or unreadable; the lexicon is then empty. */
  warn?: (message: string) => void;
  /**
   * Read it now, in the background, rather than at the first query (a server): the read and the
   * decompression leave the thread free, and the first question does not wait for the parse.
   */
  preload?: boolean;
}

interface Loaded {
  data: LexiconData;
  phrases: ReadonlySet<string>;
  words: ReadonlySet<string>;
  meanings: Meanings;
}

interface Meanings {
  dimensions: number;
  rows: ReadonlyMap<string, number>;
  vectors: Int8Array;
  weights: Uint8Array;
}

/** One parse per file per process: every engine (and every test server) in it shares the data. */
const loaded = new Map<string, Loaded | null>();

/**
 * The lexicon in `file` (resources/lexicon.json.gz, made by scripts/build-lexicon.mjs), read on
 * first use unless preloaded, so an engine that never answers a query (a test) never pays for it.
 * Without the file it is the empty lexicon, and retrieval works on the knowledge base's own words.
 */
export function openLexiconFile(file: string, options: LexiconFileOptions = {}): Lexicon {
  let loadedData: Loaded | null | undefined;
  const get = (): LexiconData | null => (loadedData ??= load(file, options))?.data ?? null;
  const preloaded = options.preload ? preload(file, options) : Promise.resolve();
  return {
    ready: () => preloaded,
    prior(term) {
      const d = get();
      return d && Object.hasOwn(d.prior, term) ? d.prior[term] : undefined;
    },
    priorIdf: () => get()?.priorIdf ?? 0,
    related(term) {
      const d = get();
      if (!d) return emptyLexicon.related(term);
      return merge(own(d.wordnet, term, 'wordnet'), own(d.vectors, term, 'vectors'));
    },
    isPhrase(first, second) {
      get();
      return loadedData?.phrases.has(phraseKey(first, second)) ?? false;
    },
    phraseRelated(first, second) {
      const d = get();
      return d ? merge(own(d.wordnet, phraseKey(first, second), 'phrase')) : [];
    },
    isWord(word) {
      get();
      return loadedData?.words.has(word) ?? false;
    },
    meaning(term) {
      get();
      const m = loadedData?.meanings;
      const row = m?.rows.get(term);
      if (!m || row === undefined) return undefined;
      const scale = (m.weights[row] ?? 0) / 255 / 127;
      const out = new Float32Array(m.dimensions);
      for (let d = 0; d < m.dimensions; d++) out[d] = (m.vectors[row * m.dimensions + d] ?? 0) * scale;
      return out;
    },
  };
}

function decodeMeanings(data: LexiconData): Meanings {
  const { dimensions, terms, vectors, weights } = data.meanings;
  const bytes = Buffer.from(vectors, 'base64');
  const w = Buffer.from(weights, 'base64');
  return {
    dimensions,
    rows: new Map(terms.split(' ').map((term, i) => [term, i])),
    vectors: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length),
    weights: new Uint8Array(w.buffer, w.byteOffset, w.length),
  };
}

function load(file: string, options: LexiconFileOptions): Loaded | null {
  const cached = loaded.get(file);
  if (cached !== undefined) return cached;
  try {
    if (!existsSync(file)) return settle(file, null, options, `lexicon ${file} is missing (npm run build:lexicon makes it); queries use only the knowledge base's own words`);
    return parse(file, gunzipSync(readFileSync(file)), options);
  } catch (error) {
    return settle(file, null, options, unreadable(file, error));
  }
}

async function preload(file: string, options: LexiconFileOptions): Promise<void> {
  if (loaded.has(file)) return;
  // A missing file is told at the first query, as without preloading.
  if (!existsSync(file)) return;
  try {
    const unpacked = await promisify(gunzip)(await readFile(file));
    // A query may have read it meanwhile.
    if (!loaded.has(file)) parse(file, unpacked, options);
  } catch (error) {
    if (!loaded.has(file)) settle(file, null, options, unreadable(file, error));
  }
}

function parse(file: string, unpacked: Buffer, options: LexiconFileOptions): Loaded | null {
  const parsed: unknown = JSON.parse(unpacked.toString('utf8'));
  if (!isLexiconData(parsed)) return settle(file, null, options, `lexicon ${file} is not in the expected format; rebuild it with npm run build:lexicon`);
  const phrases = new Set(parsed.phrases.split(' '));
  const words = new Set(parsed.words.split(' '));
  const meanings = decodeMeanings(parsed);
  // Decoded: the encoded strings (about 9 MB) need not stay alive beside what was made of them.
  const data: LexiconData = { ...parsed, phrases: '', words: '', meanings: { ...parsed.meanings, terms: '', vectors: '', weights: '' } };
  return settle(file, { data, phrases, words, meanings }, options);
}

function settle(file: string, data: Loaded | null, options: LexiconFileOptions, warning?: string): Loaded | null {
  if (warning) options.warn?.(warning);
  loaded.set(file, data);
  return data;
}

const unreadable = (file: string, error: unknown): string =>
  `lexicon ${file} could not be read (${error instanceof Error ? error.message : String(error)}); queries use only the knowledge base's own words`;

interface Encoded {
  encoded: string;
  source: RelatedTerm['source'];
}

/** A plain-object lookup that never reaches Object.prototype ("constructor" is a term too). */
function own(table: Record<string, string>, term: string, source: RelatedTerm['source']): Encoded | null {
  const encoded = Object.hasOwn(table, term) ? table[term] : undefined;
  return encoded === undefined ? null : { encoded, source };
}

/** WordNet's and the vectors' relatives, each phrase once at its best weight, best first. */
function merge(...lists: (Encoded | null)[]): RelatedTerm[] {
  const best = new Map<string, RelatedTerm>();
  for (const list of lists) {
    if (!list) continue;
    for (const entry of decodeRelated(list.encoded)) {
      const key = entry.terms.join(' ');
      const seen = best.get(key);
      if (!seen || entry.weight > seen.weight) best.set(key, { terms: entry.terms, weight: entry.weight, source: list.source });
    }
  }
  return [...best.values()].sort((a, b) => b.weight - a.weight);
}
