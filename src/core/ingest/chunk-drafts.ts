import type { ChunkingConfig } from '../config';
import type { ParsedBlock } from '../parse/types';
import { chunkText } from './chunker';

/** A chunk before it has an id: offsets into the document text and where it came from. */
export interface ChunkDraft {
  start: number;
  end: number;
  page: number | null;
  section: string | null;
  row: number | null;
  /** Indexes of the parsed blocks the chunk holds (for structured facts). */
  blocks: number[];
}

export interface DraftedDocument {
  /** The document text every offset points into. */
  text: string;
  drafts: ChunkDraft[];
}

const BLOCK_SEPARATOR = '\n\n';

export function draftsFromText(text: string, config: ChunkingConfig): DraftedDocument {
  return { text, drafts: chunkText(text, config).map((s) => ({ ...s, page: null, section: null, row: null, blocks: [] })) };
}

/**
 * Parsed blocks become chunks that never mix pages or sections: neighbouring small blocks of the
 * same page and section are merged up to the target size, long ones are split like plain text,
 * and atomic blocks (a table, a code block, a CSV row) stay whole when they fit twice the target.
 */
export function draftsFromBlocks(blocks: ParsedBlock[], config: ChunkingConfig): DraftedDocument {
  const offsets: number[] = [];
  let text = '';
  blocks.forEach((block, i) => {
    if (i > 0) text += BLOCK_SEPARATOR;
    offsets.push(text.length);
    text += block.text;
  });

  const drafts: ChunkDraft[] = [];
  let group: number[] = [];
  const flush = (): void => {
    const first = group[0];
    const last = group.at(-1);
    if (first === undefined || last === undefined) return;
    const start = offsets[first] ?? 0;
    const end = (offsets[last] ?? 0) + (blocks[last]?.text.length ?? 0);
    const where = {
      page: blocks[first]?.page ?? null,
      section: blocks[first]?.section ?? null,
      row: group.length === 1 ? (blocks[first]?.row ?? null) : null,
    };
    const atomic = group.length === 1 && blocks[first]?.atomic === true && end - start <= config.targetChars * 2;
    const spans = atomic ? [{ start, end }] : chunkText(text.slice(start, end), config).map((s) => ({ start: s.start + start, end: s.end + start }));
    for (const span of spans) {
      const inside = group.filter((b) => (offsets[b] ?? 0) < span.end && (offsets[b] ?? 0) + (blocks[b]?.text.length ?? 0) > span.start);
      drafts.push({ ...span, ...where, blocks: inside });
    }
    group = [];
  };

  blocks.forEach((block, i) => {
    const head = group[0] === undefined ? undefined : blocks[group[0]];
    const size = group.reduce((sum, b) => sum + (blocks[b]?.text.length ?? 0), 0);
    const fits =
      head !== undefined &&
      !head.atomic &&
      !block.atomic &&
      head.page === block.page &&
      head.section === block.section &&
      size + block.text.length <= config.targetChars;
    if (!fits) flush();
    group.push(i);
    if (block.atomic) flush();
  });
  flush();
  return { text, drafts: drafts.filter((d) => text.slice(d.start, d.end).trim().length > 0) };
}
