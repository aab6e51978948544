/**
 * Entity resolution inside one document, chunk after chunk in reading order, before each batch is
 * written: a lone surname ("Curie", "Dr. Curie", "Curie's") becomes the one person the document
 * has named in full with it ("Marie Curie"), and a bare acronym the document defined
 * ("International Business Machines (IBM)") becomes the entity it abbreviates. Only the chunk's own
 * extracted entities and facts are rewritten, so deleting the document undoes every such merge.
 *
 * Conservative by rule:
 * - a surname joins only while the document has named exactly one person with it so far: once a
 *   second one appears (Marie and Pierre Curie) later lone mentions stay apart (earlier chunks are
 *   already written, so the decision is made with what the document has said up to that chunk);
 * - a word the document typed as a place or an organization is never taken for a surname;
 * - an acronym joins only the name it abbreviates, and none when the document defines it twice.
 * Each merge is also reported as an alias claim, the entity's merge history in the store.
 */
import { ALIAS_PREDICATE } from '../extract/aliases';
import { entityKey } from '../extract/entity-key';
import type { ExtractedEntity, ExtractedFact } from '../extract/types';
import { abbreviates, isAcronym } from '../extract/value-patterns';
import { HONORIFICS, ORG_WORDS, PLACE_WORDS } from '../extract/word-lists';
import type { AliasClaim, AliasReason } from '../model';
import type { ChunkWrite } from '../ports';

interface Target {
  key: string;
  name: string;
  type: ExtractedEntity['type'];
}

/** Types a reference may never be rewritten from: values and common nouns are not names. */
const NOT_NAMES: ReadonlySet<string> = new Set(['date', 'quantity', 'concept', 'work']);

// The word right before a mention, for "Dr. Curie" / "President Lincoln".
const WORD_BEFORE = /(\p{L}+)\.?\s+$/u;
const UPPER_START = /^\p{Lu}/u;
// "Jordan is a country in …", "Apple is a company": the noun a copula fact gives its subject.
// Place nouns the name-typing list leaves out because they rarely end a name.
const PLACE_NOUNS: ReadonlySet<string> = new Set(['country', 'nation', 'state', 'capital', 'town', 'city', 'village', 'kingdom', 'municipality', 'suburb', 'neighbourhood', 'neighborhood']);
const COPULA_NOUN = /^(?:is|was) (?:an? |the )?(\p{L}+)/u;

export class DocumentResolver {
  /** Surname → the one person named in full with it so far; null once two people share it. */
  private readonly people = new Map<string, Target | null>();
  /** Acronym key → the name it abbreviates; null when the document gives it two. */
  private readonly acronyms = new Map<string, Target | null>();
  /** One-word keys the document used for a place or an organization. */
  private readonly notPeople = new Set<string>();
  private readonly claimed = new Set<string>();

  /** Rewrites the batch's chunks in place, in order; each chunk sees what the chunks before it named. */
  resolveBatch(batch: ChunkWrite[]): void {
    for (const write of batch) this.resolve(write);
  }

  resolve(write: ChunkWrite): void {
    const claims: AliasClaim[] = [];
    this.learn(write, claims);
    const rewrites = this.rewritesOf(write);
    if (rewrites.size > 0) {
      write.entities = mergeEntities(write.entities, rewrites);
      write.facts = rewriteFacts(write.facts, rewrites);
      for (const [key, r] of rewrites) this.claim(claims, { key, alias: r.alias, targetKey: r.target.key, reason: r.reason });
    }
    if (claims.length > 0) write.aliases = [...(write.aliases ?? []), ...claims];
  }

  private learn(write: ChunkWrite, claims: AliasClaim[]): void {
    for (const e of write.entities) {
      const space = e.key.lastIndexOf(' ');
      if (e.type === 'person' && space > 0) {
        const surname = e.key.slice(space + 1);
        if (surname.length > 1) remember(this.people, surname, { key: e.key, name: e.name, type: e.type });
      } else if (space < 0 && (e.type === 'place' || e.type === 'organization')) {
        this.notPeople.add(e.key);
      }
    }
    for (const f of write.facts) {
      // The extractor often leaves a lone name untyped; a sentence calling it a country or a company settles it.
      if (!f.subjectKey.includes(' ') && isPlaceOrOrganization(f)) this.notPeople.add(f.subjectKey);
      if (f.predicate !== ALIAS_PREDICATE || f.kind !== 'attribute' || f.value === null || !isAcronym(f.value)) continue;
      const named = write.entities.find((e) => e.key === f.subjectKey);
      if (!named || !abbreviates(f.value, named.name)) continue;
      const key = entityKey(f.value);
      if (key === named.key) continue;
      remember(this.acronyms, key, { key: named.key, name: named.name, type: named.type });
      this.claim(claims, { key, alias: f.value, targetKey: named.key, reason: 'acronym' });
    }
  }

  /** The chunk's keys that name something the document named before, with the target and why. */
  private rewritesOf(write: ChunkWrite): Map<string, Rewrite> {
    const rewrites = new Map<string, Rewrite>();
    for (const e of write.entities) {
      if (NOT_NAMES.has(e.type) || e.key.includes(' ') || !UPPER_START.test(e.name)) continue;
      const acronym = this.acronyms.get(e.key);
      if (acronym && acronym.key !== e.key && isAcronym(e.name)) {
        rewrites.set(e.key, { target: acronym, alias: e.name, reason: 'acronym' });
        continue;
      }
      const person = this.people.get(e.key);
      if (!person || person.key === e.key || e.type === 'place' || e.type === 'organization' || this.notPeople.has(e.key)) continue;
      rewrites.set(e.key, { target: person, alias: e.name, reason: titled(write.chunk.text, e) ? 'title' : 'surname' });
    }
    return rewrites;
  }

  private claim(claims: AliasClaim[], claim: AliasClaim): void {
    const id = `${claim.reason}\u0000${claim.key}\u0000${claim.targetKey}`;
    if (this.claimed.has(id)) return;
    this.claimed.add(id);
    claims.push(claim);
  }
}

interface Rewrite {
  target: Target;
  alias: string;
  reason: AliasReason;
}

/** Keeps the first target for a key; a second, different one makes the key ambiguous (null) for good. */
function remember(map: Map<string, Target | null>, key: string, target: Target): void {
  const known = map.get(key);
  if (known === undefined) map.set(key, target);
  else if (known !== null && known.key !== target.key) map.set(key, null);
}

function isPlaceOrOrganization(f: ExtractedFact): boolean {
  const noun = f.kind === 'attribute' && f.predicate === 'is a' ? (f.value ?? '').split(' ').pop() : COPULA_NOUN.exec(f.predicate)?.[1];
  if (noun === undefined) return false;
  const word = noun.toLowerCase();
  return PLACE_WORDS.has(word) || ORG_WORDS.has(word) || PLACE_NOUNS.has(word);
}

/** Whether a mention of the entity follows a title ("Dr.", "Mrs", "President"). */
function titled(text: string, e: ExtractedEntity): boolean {
  return e.mentions.some((m) => {
    const before = WORD_BEFORE.exec(text.slice(Math.max(0, m.start - 16), m.start));
    return before !== null && HONORIFICS.has((before[1] ?? '').toLowerCase());
  });
}

/** The chunk's entities with rewritten keys, an entity the chunk already had under the target key taking the mentions. */
function mergeEntities(entities: ExtractedEntity[], rewrites: Map<string, Rewrite>): ExtractedEntity[] {
  const byKey = new Map<string, ExtractedEntity>();
  for (const e of entities) {
    const r = rewrites.get(e.key);
    // The target keeps its type unless it has none yet ("International Business Machines" is only known as an organization by "IBM").
    const next = r ? { name: r.target.name, type: r.target.type === 'other' ? e.type : r.target.type, key: r.target.key, mentions: e.mentions } : e;
    const seen = byKey.get(next.key);
    if (!seen) byKey.set(next.key, next);
    else byKey.set(next.key, { ...seen, mentions: [...seen.mentions, ...next.mentions].sort((a, b) => a.start - b.start) });
  }
  return [...byKey.values()];
}

/** Facts with rewritten keys; a relationship that now links an entity to itself, or repeats another, is dropped. */
function rewriteFacts(facts: ExtractedFact[], rewrites: Map<string, Rewrite>): ExtractedFact[] {
  const seen = new Set<string>();
  const out: ExtractedFact[] = [];
  for (const f of facts) {
    const subjectKey = rewrites.get(f.subjectKey)?.target.key ?? f.subjectKey;
    const objectKey = f.objectKey === null ? null : (rewrites.get(f.objectKey)?.target.key ?? f.objectKey);
    if (f.kind === 'relationship' && objectKey === subjectKey) continue;
    const id = `${subjectKey}\u0000${f.predicate}\u0000${objectKey ?? ''}\u0000${f.value ?? ''}\u0000${f.sentence.start}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(subjectKey === f.subjectKey && objectKey === f.objectKey ? f : { ...f, subjectKey, objectKey });
  }
  return out;
}
