import type { ChunkRecord } from '../model';

/**
 * A stretch of a document's text around one chunk, rebuilt from the chunk and its neighbours
 * (chunks store offsets into the document, and neighbours overlap or leave white space between
 * them), so a sentence the chunk's edge cuts can be read whole.
 */
export interface PassageWindow {
  text: string;
  /** Document offset of `text[0]`. */
  start: number;
  /** The chunk's own span, in document offsets. */
  chunkStart: number;
  chunkEnd: number;
  /** The window begins after the document's start, so its first sentence may be cut. */
  openStart: boolean;
  /** More of the document follows the window, so its last sentence may be cut. */
  openEnd: boolean;
}

/**
 * The chunk with its neighbours (the chunks just before and after it in its document, when they
 * were read). White space between two chunks that do not overlap is kept as line breaks, which
 * end a sentence at worst: a sentence is never glued across a gap whose text is unknown.
 */
export function passageWindow(chunk: ChunkRecord, neighbours: readonly ChunkRecord[]): PassageWindow {
  const previous = neighbours.find((n) => n.documentId === chunk.documentId && n.ordinal === chunk.ordinal - 1);
  const next = neighbours.find((n) => n.documentId === chunk.documentId && n.ordinal === chunk.ordinal + 1);
  const pieces = [previous, chunk, next].filter((c): c is ChunkRecord => c !== undefined);
  const first = pieces[0] ?? chunk;
  let text = first.text;
  let end = first.end;
  for (const piece of pieces.slice(1)) {
    if (piece.end <= end) continue;
    if (piece.start > end) {
      text += '\n'.repeat(piece.start - end) + piece.text;
    } else {
      text += piece.text.slice(end - piece.start);
    }
    end = piece.end;
  }
  return {
    text,
    start: first.start,
    chunkStart: chunk.start,
    chunkEnd: chunk.end,
    openStart: first.ordinal > 0,
    // Without a next chunk the chunk is taken to end its document: the chunker cuts at sentence
    // ends first, and a cut sentence that does not end like one is not quoted anyway.
    openEnd: next !== undefined,
  };
}
