import { describe, expect, it } from 'vitest';
import { coMentions } from '../../../src/core/graph/co-mentions';
import type { MentionGraphStore } from '../../../src/core/ports';

/** A mention index in memory: each passage is the list of entities it names. */
function storeOf(passages: string[][]): MentionGraphStore & { readPerEntity: number[] } {
  const readPerEntity: number[] = [];
  const rows = passages.map((entityIds, i) => ({ chunkId: `chk${i}`, entityIds }));
  const df = (id: string): number => passages.filter((p) => p.includes(id)).length;
  return {
    readPerEntity,
    mentionCounts: async (ids) => ({ passages: passages.length, counts: new Map(ids.map((id) => [id, df(id)])) }),
    mostMentioned: async () => [],
    passageMentions: async (ids, perEntity) => {
      readPerEntity.push(perEntity);
      // Newest first: the last passages of each entity.
      const picked = new Set<number>();
      for (const id of ids) {
        const mine = rows.map((r, i) => (r.entityIds.includes(id) ? i : -1)).filter((i) => i >= 0);
        for (const i of mine.slice(-perEntity)) picked.add(i);
      }
      return [...picked].map((i) => rows[i]!);
    },
    passagesMentioningBoth: async () => ({ chunkIds: [], total: 0 }),
  };
}

const filler = (n: number): string[][] => Array.from({ length: n }, (_, i) => [`other${i}`, `else${i}`]);

describe('co-mentions', () => {
  it('links entities named together, more often and more specifically first', async () => {
    const store = storeOf([['ada', 'babbage'], ['ada', 'babbage'], ['ada', 'london'], ...filler(20)]);
    const links = await coMentions(store, ['ada'], { perEntity: 100, among: false });
    expect(links.map((l) => [l.a, l.b, l.count])).toEqual([
      ['ada', 'babbage', 2],
      ['ada', 'london', 1],
    ]);
    expect(links[0]!.weight).toBeGreaterThan(links[1]!.weight);
  });

  it('a passage naming many entities ties each pair less than one naming just the two', async () => {
    const list = ['ada', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7', 'x8', 'x9'];
    const store = storeOf([['ada', 'babbage'], list, ...filler(20)]);
    const links = await coMentions(store, ['ada'], { perEntity: 100, among: false });
    const babbage = links.find((l) => l.b === 'babbage' || l.a === 'babbage')!;
    const x1 = links.find((l) => l.a === 'x1' || l.b === 'x1')!;
    expect(babbage.count).toBe(x1.count);
    expect(babbage.weight).toBeGreaterThan(x1.weight * 5);
  });

  it('an entity named in every passage is not linked for being there', async () => {
    const store = storeOf([['everywhere', 'ada', 'babbage'], ['everywhere', 'ada', 'babbage'], ['everywhere', 'c'], ['everywhere', 'd']]);
    const links = await coMentions(store, ['ada'], { perEntity: 100, among: false });
    expect(links.map((l) => [l.a, l.b])).toEqual([['ada', 'babbage']]);
  });

  it('among: only pairs whose both ends are asked about', async () => {
    const store = storeOf([['ada', 'babbage', 'london'], ['ada', 'babbage'], ...filler(10)]);
    const links = await coMentions(store, ['ada', 'babbage'], { perEntity: 100, among: true });
    expect(links.map((l) => [l.a, l.b])).toEqual([['ada', 'babbage']]);
  });

  it('scales what a sample of a much-mentioned entity saw to all its passages, never past what it could be', async () => {
    // The hub's 80 passages alternate between ada and a different name each time.
    const passages = [...Array.from({ length: 80 }, (_, i) => (i % 2 === 0 ? ['hub', 'ada'] : ['hub', `n${i}`])), ...filler(80)];
    const sampled = await coMentions(storeOf(passages), ['hub'], { perEntity: 20, among: false });
    const whole = await coMentions(storeOf(passages), ['hub'], { perEntity: 1000, among: false });
    const find = (links: typeof whole, id: string) => links.find((l) => l.a === id || l.b === id);
    expect(find(whole, 'ada')?.count).toBe(40);
    expect(find(sampled, 'ada')?.count).toBe(40);
    expect(find(sampled, 'ada')?.weight).toBeCloseTo(find(whole, 'ada')!.weight, 5);
    // A name the hub met once is not made four: the estimate stops at its own passages.
    expect(find(sampled, 'n79')?.count).toBe(1);
    expect(find(sampled, 'n79')?.weight).toBeCloseTo(find(whole, 'n79')!.weight, 5);
  });
});
