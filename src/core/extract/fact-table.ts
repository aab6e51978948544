/**
 * The facts of one chunk, keyed so that the same statement found twice is
 * kept once, with the higher of its confidences.
 */
import type { ExtractedFact, Span } from './types';
import type { EntityTable } from './entity-table';

export type FactKind = 'relationship' | 'attribute';

export class FactTable {
  private readonly facts = new Map<string, ExtractedFact>();

  constructor(private readonly entities: EntityTable) {}

  /**
   * Records a fact; false when it is not one (no subject, a relationship to
   * itself, an empty value). Entities are draft indices, resolved through merges.
   */
  add(
    subject: number,
    predicate: string,
    kind: FactKind,
    object: number,
    value: string | null,
    confidence: number,
    sentence: Span,
  ): boolean {
    if (subject < 0 || predicate === '') return false;
    const entities = this.entities;
    const s = entities.drafts[entities.canon(subject)];
    if (s === undefined) return false;
    let objectKey: string | null = null;
    if (kind === 'relationship') {
      if (object < 0 || entities.canon(object) === entities.canon(subject)) return false;
      objectKey = entities.drafts[entities.canon(object)]?.key ?? null;
      if (objectKey === null) return false;
    } else if (value === null || value.trim() === '') return false;
    const id = `${s.key}\u0001${predicate}\u0001${kind}\u0001${objectKey ?? ''}\u0001${value ?? ''}`;
    const existing = this.facts.get(id);
    const rounded = Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100;
    if (existing !== undefined) {
      existing.confidence = Math.max(existing.confidence, rounded);
      return true;
    }
    this.facts.set(id, { subjectKey: s.key, predicate, kind, objectKey, value, confidence: rounded, sentence });
    return true;
  }

  /** Facts in the order they were first found. */
  values(): IterableIterator<ExtractedFact> {
    return this.facts.values();
  }
}
