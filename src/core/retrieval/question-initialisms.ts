import type { EntityGraphView } from '../graph/knowledge-graph';
import { analyze } from '../text/analyze';
import { marksNamesByCapitals } from './question-names';

/** Written in capitals, as people abbreviate a name ("HL", "EHO"); not part of a code ("AS-206", "Sky+HD", "R&D"). */
const INITIALISM = /(?<![\p{L}\p{N}_+&])(?<![\p{L}\p{N}][-.])[A-Z]{2,5}(?![\p{L}\p{N}_+&])(?![-.][\p{L}\p{N}])/gu;
/** A word of a name that gives it a letter; "of", "and" and "the" inside a name give none ("Health and Safety Executive"). */
const NAME_WORD = /^\p{Lu}/u;
/**
 * Passages that must mention a name for an abbreviation to stand for it: people shorten what their
 * documents keep coming back to, and in a large base some name met once spells almost anything
 * ("UV" as a publisher's initials).
 */
const MIN_MENTIONS = 2;

/** The letters a name is abbreviated by: the first letter of each capitalised word ("Harbour Lane" → HL). */
export function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/u).filter((w) => NAME_WORD.test(w));
  return words.length < 2 ? '' : words.map((w) => w[0]).join('');
}

export interface InitialismSources {
  graph: EntityGraphView;
  /** How many passages hold each of these terms. */
  docFrequency(terms: string[]): Promise<ReadonlyMap<string, number>>;
  /** How many passages mention each of these entities. */
  mentionCounts(entityIds: string[]): Promise<{ counts: ReadonlyMap<string, number> }>;
}

/**
 * The question with each abbreviation the knowledge base never writes read as the name it stands
 * for: staff who write "the HL freezer" mean the Harbour Lane shop their notes name in full. The
 * name is the entity of the knowledge base, among those whose words' first letters spell the
 * abbreviation, that the most passages mention, if more than one does and no other as many; an
 * abbreviation the base writes, or that spells no such name, stays as it is, and so does every
 * word of a question typed in capitals.
 */
export async function readInitialisms(question: string, sources: InitialismSources): Promise<string> {
  const written = [...new Set(question.match(INITIALISM) ?? [])];
  // In a question typed in capitals "TO" is the word to, not the Team Offsite.
  if (written.length === 0 || !marksNamesByCapitals(question)) return question;
  const terms = new Map(written.map((w) => [w, analyze(w)[0] ?? '']));
  const df = await sources.docFrequency([...terms.values()].filter((t) => t !== ''));
  const unknown = new Set(written.filter((w) => (df.get(terms.get(w) ?? '') ?? 0) === 0));
  if (unknown.size === 0) return question;
  const candidates = new Map<string, { id: string; name: string }[]>();
  sources.graph.forEachNode((id, attributes) => {
    const initials = initialsOf(attributes.name);
    if (unknown.has(initials)) candidates.set(initials, [...(candidates.get(initials) ?? []), { id, name: attributes.name }]);
  });
  if (candidates.size === 0) return question;
  const { counts } = await sources.mentionCounts([...candidates.values()].flat().map((c) => c.id));
  const best = new Map<string, string>();
  for (const [initials, names] of candidates) {
    const [top, next] = names.map((c) => ({ ...c, n: counts.get(c.id) ?? 0 })).sort((a, b) => b.n - a.n);
    if (top && top.n >= MIN_MENTIONS && top.n > (next?.n ?? 0)) best.set(initials, top.name);
  }
  return question.replace(INITIALISM, (w) => best.get(w) ?? w);
}
