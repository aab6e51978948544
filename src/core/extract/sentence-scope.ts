/**
 * State of the sentence whose facts are being read: its units, where it is,
 * and how much to trust the clause at hand.
 */
import type { ChunkContext } from './chunk-context';
import type { Subject } from './clause-subject';
import type { Unit } from './clause-units';
import type { FactKind } from './fact-table';
import type { Span } from './types';

export interface SentenceScope {
  readonly ctx: ChunkContext;
  readonly units: Unit[];
  readonly sentence: Span;
  /** Who a "he"/"she" may mean when the sentence itself names no one (-1: nobody). */
  readonly lastPerson: number;
  /** Confidence multiplier of the clause being read (hedged by a modal, or a pronoun subject). */
  factor: number;
  /**
   * The subject of the sentence's last clause that named one: a verb group after "and" or a comma
   * with no subject of its own shares it ("X is operated by Y and is located in Z").
   */
  lastSubject: Subject | null;
  /** The first subject the sentence names: what a fronted participle ("Born in …, X was …") describes. */
  mainSubject: Subject | null;
  /** The subject of the previous sentence, which an opening "It"/"Its …" continues (-1: none). */
  readonly topic: number;
  /** Entities a fact of this sentence already links (canonical draft indices), and values it states. */
  readonly linked: Set<number>;
  readonly linkedValues: Set<string>;
  /** The subject each verb group (by unit index) was read with. */
  readonly verbSubjects: Map<number, number[]>;
}

/** Records a fact from the current sentence, weighed by the clause's confidence factor. */
export function emit(
  scope: SentenceScope,
  s: number,
  pred: string,
  kind: FactKind,
  o: number,
  value: string | null,
  conf: number,
): void {
  if (!scope.ctx.facts.add(s, pred, kind, o, value, conf * scope.factor, scope.sentence)) return;
  const entities = scope.ctx.entities;
  scope.linked.add(entities.canon(s));
  if (o >= 0) scope.linked.add(entities.canon(o));
  if (value !== null) scope.linkedValues.add(value);
}
