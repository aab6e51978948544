import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { emptyLexicon, type Lexicon, type RelatedTerm } from '../../core/ports';
import { decodeRelated, isLexiconData, phraseKey, type LexiconData } from './lexicon-format';

export interface LexiconFileOptions {
  /** Told once when the file is missing or unreadable; the lexicon is then empty. */
  warn?: (message: string) => void;
}

interface Loaded {
  data: LexiconData;
  phrases: ReadonlySet<string>;
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
 * first use rather than at start, so an engine that never answers a query never pays for it.
 * Without the file it is the empty lexicon, and retrieval works on the knowledge base's own words.
 */
export function openLexiconFile(file: string, options: LexiconFileOptions = {}): Lexicon {
  let loadedData: Loaded | null | undefined;
  const get = (): LexiconData | null => (loadedData ??= load(file, options))?.data ?? null;
  return {
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
  let data: Loaded | null = null;
  try {
    if (!existsSync(file)) {
      options.warn?.(`lexicon ${file} is missing (npm run build:lexicon makes it); queries use only the knowledge base's own words`);
    } else {
      const parsed: unknown = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8'));
      if (isLexiconData(parsed)) data = { data: parsed, phrases: new Set(parsed.phrases.split(' ')), meanings: decodeMeanings(parsed) };
      else options.warn?.(`lexicon ${file} is not in the expected format; rebuild it with npm run build:lexicon`);
    }
  } catch (error) {
    options.warn?.(`lexicon ${file} could not be read (${error instanceof Error ? error.message : String(error)}); queries use only the knowledge base's own words`);
  }
  loaded.set(file, data);
  return data;
}

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
