import type { SourceRef } from '../../../../shared/api-types';

/**
 * Stored conversations keep message text only; the passages each answer cited are remembered
 * in this browser, so citations in an earlier conversation still open their passage.
 */
const key = (sessionId: string): string => `knowledge-desk.sources.${sessionId}`;

export function loadSources(sessionId: string): Record<number, SourceRef[]> {
  try {
    return JSON.parse(localStorage.getItem(key(sessionId)) ?? '{}') as Record<number, SourceRef[]>;
  } catch {
    return {};
  }
}

export function saveSources(sessionId: string, messageIndex: number, sources: SourceRef[]): void {
  const all = loadSources(sessionId);
  all[messageIndex] = sources;
  localStorage.setItem(key(sessionId), JSON.stringify(all));
}

export function dropSources(sessionId: string): void {
  localStorage.removeItem(key(sessionId));
}
