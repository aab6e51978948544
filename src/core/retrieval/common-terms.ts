/** Above this many chunks a term is common; a small index counts no term as common below 50. */
export function commonLimit(chunkCount: number, share: number): number {
  return Math.max(50, chunkCount * share);
}
