import { analyse } from 'chardet';
import iconv from 'iconv-lite';

export interface DecodedText {
  text: string;
  /** The encoding used, lower case: "utf-8", "utf-16le", "windows-1252", "shift_jis", … */
  encoding: string;
  /** How it was chosen: a byte order mark, valid UTF-8, a statistical guess, or the fallback. */
  source: 'bom' | 'utf8' | 'detected' | 'fallback';
}

// Multi-byte recognisers (Shift_JIS, GB18030, …) are decisive once they see enough valid
// sequences; single-byte guesses are statistics over letter frequencies and go wrong on short
// text (chardet calls "café naïve" ISO-8859-2, which would turn "ï" into "ď").
const MULTI_BYTE = new Set(['Shift_JIS', 'GB18030', 'Big5', 'EUC-JP', 'EUC-KR']);
const MIN_MULTI_BYTE_CONFIDENCE = 30;
const MIN_SINGLE_BYTE_CONFIDENCE = 40;
// Text that is not UTF-8 is, by a wide margin, Windows-1252 (the superset of Latin-1 that also
// maps curly quotes and dashes in 0x80–0x9F), so it is the default for weak or tied guesses.
const FALLBACK = 'windows-1252';
// chardet reads the whole sample; 64 KB around the first non-ASCII byte is plenty for a guess.
const SAMPLE_BYTES = 64 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Turns file bytes into text, never throwing: a byte order mark wins, then valid UTF-8 (ASCII
 * included), then chardet's guess decoded with iconv-lite, then Windows-1252. Bytes invalid in the
 * chosen encoding become U+FFFD. A leading BOM is not part of the text.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const bom = bomEncoding(bytes);
  if (bom) return { text: iconv.decode(bytes.subarray(bom.length), bom.encoding), encoding: bom.encoding, source: 'bom' };

  const utf8 = tryUtf8(bytes);
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8', source: 'utf8' };

  const guess = guessEncoding(bytes);
  const encoding = guess ?? FALLBACK;
  return { text: iconv.decode(bytes, encoding), encoding, source: guess ? 'detected' : 'fallback' };
}

/** A note for `ParsedDocument.warnings` when the encoding was guessed, else null. */
export function encodingWarning(decoded: DecodedText): string | null {
  if (decoded.source === 'detected') return `Text encoding guessed as ${decoded.encoding}; some characters may be wrong.`;
  if (decoded.source === 'fallback') return `Text is not UTF-8; decoded as ${decoded.encoding}.`;
  return null;
}

function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | null {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

function tryUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

function guessEncoding(bytes: Uint8Array): string | null {
  const firstHigh = bytes.findIndex((byte) => byte >= 0x80);
  const start = Math.max(0, firstHigh - 1024);
  const matches = analyse(bytes.subarray(start, start + SAMPLE_BYTES));
  const [best, second] = matches;
  if (!best) return null;
  if (MULTI_BYTE.has(best.name)) return best.confidence >= MIN_MULTI_BYTE_CONFIDENCE ? iconvName(best.name) : null;
  // A tie means chardet cannot tell the languages apart: not a reason to leave Windows-1252.
  if (best.confidence < MIN_SINGLE_BYTE_CONFIDENCE || (second && second.confidence === best.confidence)) return null;
  return iconvName(best.name);
}

function iconvName(chardetName: string): string | null {
  // Latin-1 files use 0x80–0x9F for Windows-1252 punctuation far more often than for C1 controls.
  const name = chardetName === 'ISO-8859-1' ? FALLBACK : chardetName.toLowerCase();
  return iconv.encodingExists(name) ? name : null;
}
