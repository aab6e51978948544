/** One quoted sentence or described table row of an extractive answer. */
export interface AnswerItem {
  kind: 'sentence' | 'row';
  text: string;
  /** Index into the retrieved chunks; cited as `[chunkIndex + 1]`. */
  chunkIndex: number;
  documentId: string;
  score: number;
}

/**
 * The answer text: the items grouped by document, each group under its document's title, best
 * group first. Within a group, sentences form one paragraph and rows a list, one per line, each
 * best first and the better part first, so the first source is the best one; every item ends
 * with its citation. The title stands on a line of its own, so the text a citation closes is
 * the quoted sentence alone.
 */
export function layOutAnswer(items: readonly AnswerItem[], titles: ReadonlyMap<string, string>): string {
  const groups = new Map<string, AnswerItem[]>();
  for (const item of [...items].sort((a, b) => b.score - a.score)) {
    const group = groups.get(item.documentId);
    if (group) group.push(item);
    else groups.set(item.documentId, [item]);
  }
  return [...groups.entries()]
    .map(([documentId, group]) => {
      const cite = (item: AnswerItem): string => `${item.text} [${item.chunkIndex + 1}]`;
      const prose = group.filter((i) => i.kind === 'sentence').map(cite).join(' ');
      const rows = group.filter((i) => i.kind === 'row').map((i) => `- ${cite(i)}`);
      // The group's items are sorted best first, so its first item says which part leads.
      const parts = group[0]?.kind === 'row' ? [...rows, ...(prose ? [prose] : [])] : [...(prose ? [prose] : []), ...rows];
      return [`From “${titles.get(documentId) ?? 'Untitled'}”:`, ...parts].join('\n');
    })
    .join('\n\n');
}
