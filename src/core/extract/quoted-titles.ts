/**
 * Pass 1b: "Quoted Titles". Works of art are often named in quotes and in
 * title case, and run before proper-noun runs so the title stays one entity.
 */
import type { ChunkContext } from './chunk-context';
import { WORK } from './entity-table';
import { WORK_NOUNS } from './word-lists';

const MAX_QUOTED_TITLE_TOKENS = 10;

export function findQuotedTitles(ctx: ChunkContext, first: number, last: number): void {
  const { tokens: t, entities } = ctx;
  let open = -1;
  for (let i = first; i <= last; i++) {
    if (!t.isQuote(i)) continue;
    if (open < 0) {
      open = i;
      continue;
    }
    const a = open + 1;
    const b = i - 1;
    const opening = open;
    open = -1;
    if (b < a || b - a + 1 > MAX_QUOTED_TITLE_TOKENS || !t.capitalised(a)) continue;
    // One quoted word is usually a term being mentioned ("Frankish"), not a title — unless "the film "Up"".
    if (a === b && !WORK_NOUNS.has(t.low(opening - 1))) continue;
    // Titles are written in title case; "Polish monumental theatre" is a quoted term.
    if (!t.capitalised(b) && !t.isDigitStart(b)) continue;
    if (!looksLikeTitle(ctx, a, b)) continue;
    const entity = entities.draftFor(t.surface(a, b), 'named', null);
    if (entity < 0) continue;
    entities.vote(entity, WORK, 4);
    entities.addMention(a, b, 'named', entity);
  }
}

/** Quoted speech contains a verb or ends a sentence; a title usually does neither. */
function looksLikeTitle(ctx: ChunkContext, a: number, b: number): boolean {
  const t = ctx.tokens;
  for (let j = a; j <= b; j++) {
    const tag = t.tag(j);
    const v = t.value(j);
    if (tag === 'VERB' || tag === 'AUX' || v === '.' || v === '!' || v === '?' || ctx.entities.mentionAt[j] !== -1) return false;
  }
  return true;
}
