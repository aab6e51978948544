/**
 * A STAND-IN for a real sentence-embedding model, since no weights can be downloaded here: a tiny
 * ONNX graph (one embedding table looked up by token id: Gather → last_hidden_state) written
 * byte by byte as ONNX protobuf, with a real WordPiece tokenizer.json and a BERT config, laid out
 * exactly as transformers.js expects a model folder (config.json, tokenizer.json,
 * tokenizer_config.json, onnx/model.onnx). transformers.js tokenises, runs it on onnxruntime-node
 * and mean-pools and normalises the output like any BERT-style embedder. Words in one synonym
 * group share most of their vector, so search by meaning is observable.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TinyModelOptions {
  /** Vocabulary (lower-case whole words); anything else becomes [UNK] or letter pieces. */
  words: string[];
  /** Groups of words that should embed close together. */
  synonyms?: string[][];
  dimensions?: number;
}

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];

export function writeTinyEmbeddingModel(dir: string, options: TinyModelOptions): { vocabSize: number; dimensions: number } {
  const dims = options.dimensions ?? 32;
  const letters = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
  const vocab = [...new Set([...SPECIAL, ...letters, ...letters.map((l) => `##${l}`), ...options.words.map((w) => w.toLowerCase())])];
  const groupOf = new Map<string, number>();
  (options.synonyms ?? []).forEach((group, g) => group.forEach((w) => groupOf.set(w.toLowerCase(), g)));

  const table = new Float32Array(vocab.length * dims);
  vocab.forEach((token, id) => {
    if (id === 0) return; // [PAD] stays zero
    const own = pseudoRandomVector(token, dims);
    const group = groupOf.get(token);
    const shared = group === undefined ? null : pseudoRandomVector(`group:${group}`, dims);
    for (let d = 0; d < dims; d++) table[id * dims + d] = shared ? 0.9 * shared[d]! + 0.1 * own[d]! : own[d]!;
  });

  mkdirSync(join(dir, 'onnx'), { recursive: true });
  writeFileSync(join(dir, 'onnx', 'model.onnx'), onnxModel(table, vocab.length, dims));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ model_type: 'bert', hidden_size: dims, vocab_size: vocab.length, max_position_embeddings: 512 }));
  writeFileSync(join(dir, 'tokenizer_config.json'), JSON.stringify({ tokenizer_class: 'BertTokenizer', do_lower_case: true, model_max_length: 512, cls_token: '[CLS]', sep_token: '[SEP]', pad_token: '[PAD]', unk_token: '[UNK]', mask_token: '[MASK]' }));
  writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocab)));
  return { vocabSize: vocab.length, dimensions: dims };
}

function pseudoRandomVector(seed: string, dims: number): number[] {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  const out: number[] = [];
  for (let d = 0; d < dims; d++) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 3266489909) >>> 0;
    out.push((h / 0xffffffff) * 2 - 1);
  }
  return out;
}

function tokenizerJson(vocab: string[]): unknown {
  const ids = Object.fromEntries(vocab.map((t, i) => [t, i]));
  const special = (t: string) => ({ id: ids[t], content: t, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map(special),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [ids['[CLS]']], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [ids['[SEP]']], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: ids },
  };
}

// ---- ONNX protobuf, by hand: just the fields this graph needs (see onnx/onnx.proto). ----

type Bytes = Uint8Array;
const cat = (...parts: Bytes[]): Bytes => Buffer.concat(parts);
function varint(value: number): Bytes {
  const out: number[] = [];
  let v = BigInt(value);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return Uint8Array.from(out);
}
const key = (field: number, wire: number): Bytes => varint((field << 3) | wire);
const int = (field: number, value: number): Bytes => cat(key(field, 0), varint(value));
const bytes = (field: number, value: Bytes): Bytes => cat(key(field, 2), varint(value.length), value);
const str = (field: number, value: string): Bytes => bytes(field, Buffer.from(value, 'utf8'));

const FLOAT = 1;
const INT64 = 7;

/** ValueInfoProto with a tensor type whose dimensions are names (dynamic) or sizes. */
function valueInfo(name: string, elemType: number, shape: (string | number)[]): Bytes {
  const dims = shape.map((d) => bytes(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  const tensorType = cat(int(1, elemType), bytes(2, cat(...dims)));
  return cat(str(1, name), bytes(2, bytes(1, tensorType)));
}

function onnxModel(table: Float32Array, vocabSize: number, dims: number): Bytes {
  const initializer = cat(
    int(1, vocabSize),
    int(1, dims),
    int(2, FLOAT),
    str(8, 'embeddings'),
    bytes(9, new Uint8Array(table.buffer, table.byteOffset, table.byteLength)),
  );
  const gather = cat(str(1, 'embeddings'), str(1, 'input_ids'), str(2, 'last_hidden_state'), str(3, 'lookup'), str(4, 'Gather'));
  const graph = cat(
    bytes(1, gather),
    str(2, 'tiny-embedder'),
    bytes(5, initializer),
    bytes(11, valueInfo('input_ids', INT64, ['batch', 'sequence'])),
    bytes(11, valueInfo('attention_mask', INT64, ['batch', 'sequence'])),
    bytes(12, valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', dims])),
  );
  const opset = cat(str(1, ''), int(2, 13));
  return cat(int(1, 8), str(2, 'knowledge-desk-test'), bytes(7, graph), bytes(8, opset));
}
