import type { MentionGraphStore } from '../ports';

/**
 * Dates and amounts are values, not things: one named beside an entity says nothing about what
 * it is linked to, and they would tie every passage of a table or a timeline together.
 */
export const UNLINKED_TYPES = ['date', 'quantity'];

/** Two entities that passages name together. */
export interface CoMention {
  a: string;
  b: string;
  /** Passages that name both (estimated when an entity has more passages than were read). */
  count: number;
  /** How strongly the passages tie them (see `coMentions`); edges with none are not returned. */
  weight: number;
}

export interface CoMentionOptions {
  /** Newest passages read per entity: a hub is mentioned in thousands, a sample of them ranks its companions. */
  perEntity: number;
  /** Only pairs whose both ends are among the focus entities (the edges of a drawn neighbourhood). */
  among: boolean;
}

export const pairKey = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/**
 * Co-mentions of the focus entities, strongest first. For two entities a and b, over the N
 * passages of the base, with df the passages that mention each:
 *
 * - count = the passages that name both;
 * - share = the sum over those passages of 1 / (k − 1), k the entities the passage names
 *   (Newman's collaboration weight): a sentence pair that names just the two links them fully, a
 *   reference list naming forty links each of its pairs a little;
 * - pmi = log2(count · N / (df_a · df_b)), how much more often they meet than chance would have
 *   them meet: an entity named everywhere is with everything, and says little by it;
 * - weight = share · pmi, the local mutual information of the pair, kept when pmi > 0. It grows
 *   with how often the two meet and with how specific their meeting is.
 *
 * When an entity has more passages than `perEntity`, the counts seen are scaled up by the share
 * of its passages that were read.
 */
export async function coMentions(store: MentionGraphStore, focusIds: string[], options: CoMentionOptions): Promise<CoMention[]> {
  const focus = new Set(focusIds);
  if (focus.size === 0) return [];
  const passages = await store.passageMentions([...focus], options.perEntity, UNLINKED_TYPES);
  const tally = new Map<string, { a: string; b: string; count: number; share: number }>();
  for (const p of passages) {
    const k = p.entityIds.length;
    if (k < 2) continue;
    const inFocus = p.entityIds.filter((id) => focus.has(id));
    for (const a of inFocus) {
      for (const b of p.entityIds) {
        if (a === b || (focus.has(b) && b < a) || (options.among && !focus.has(b))) continue;
        const key = pairKey(a, b);
        const entry = tally.get(key) ?? { a: a < b ? a : b, b: a < b ? b : a, count: 0, share: 0 };
        entry.count += 1;
        entry.share += 1 / (k - 1);
        tally.set(key, entry);
      }
    }
  }
  if (tally.size === 0) return [];
  const ids = [...new Set([...tally.values()].flatMap((t) => [t.a, t.b]))];
  const { passages: total, counts } = await store.mentionCounts(ids);
  const readShare = (id: string): number => {
    const df = counts.get(id) ?? 0;
    return focus.has(id) && df > options.perEntity ? options.perEntity / df : focus.has(id) ? 1 : 0;
  };
  const out: CoMention[] = [];
  for (const t of tally.values()) {
    const dfA = counts.get(t.a) ?? 0;
    const dfB = counts.get(t.b) ?? 0;
    if (dfA === 0 || dfB === 0 || total === 0) continue;
    const read = Math.max(readShare(t.a), readShare(t.b)) || 1;
    const count = Math.min(t.count / read, dfA, dfB);
    const pmi = Math.log2((count * total) / (dfA * dfB));
    if (!(pmi > 0)) continue;
    out.push({ a: t.a, b: t.b, count: Math.max(1, Math.round(count)), weight: round(t.share * (count / t.count) * pmi) });
  }
  return out.sort((x, y) => y.weight - x.weight || y.count - x.count);
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** The entity at the other end of a co-mention. */
export const otherEnd = (link: CoMention, id: string): string => (link.a === id ? link.b : link.a);
