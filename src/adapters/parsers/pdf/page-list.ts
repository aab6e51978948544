/**
 * Warnings name pages; one warning per kind of problem, listing its pages, keeps a 300-page scan
 * from producing 300 lines. Consecutive pages are shown as ranges ("pages 2–22, 25").
 */
export function describePages(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    const first = sorted[i];
    const last = sorted[j];
    parts.push(j - i >= 2 ? `${first}–${last}` : sorted.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return `${sorted.length === 1 ? 'page' : 'pages'} ${parts.join(', ')}`;
}

/** Collects messages by kind and page, then renders one warning per kind. */
export class PageWarnings {
  private readonly byMessage = new Map<string, number[]>();

  add(page: number, message: string): void {
    const pages = this.byMessage.get(message) ?? [];
    pages.push(page);
    this.byMessage.set(message, pages);
  }

  list(): string[] {
    return [...this.byMessage].map(([message, pages]) => `${describePages(pages)}: ${message}`);
  }
}
