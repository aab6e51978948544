/**
 * The built-in, model-free extractor: English prose in, entities and facts out.
 *
 * wink-nlp supplies tokens, sentence boundaries, POS tags and lemmas; everything
 * else is cheap pattern matching over those tags, because the whole ingest has
 * to run at ≥ 1 MB/s on one core. The rules favour precision: a fact is only
 * stated when a recognisable pattern links two things.
 *
 * Three passes per chunk:
 *  1. mentions — amounts/dates, quoted titles, runs of proper nouns, acronym aliases;
 *  2. typing  — honorifics, name words and context cues vote on person/organization/place/work;
 *  3. facts   — each sentence is cut into units (entity, noun phrase, verb group,
 *               preposition, comma…) and clause patterns are matched over them.
 * This file only runs the passes in order; each step lives in its own module.
 */
import type { ExtractionResult, Extractor, Span } from './types';
import { findAddresses } from './address-mentions';
import { createChunkContext } from './chunk-context';
import type { ChunkContext } from './chunk-context';
import { dedupeFacts } from './dedupe-facts';
import { PERSON } from './entity-table';
import { findNames } from './name-mentions';
import { firstNamedIn, lastPersonIn } from './pronouns';
import { findQuotedTitles } from './quoted-titles';
import { factsInSentence, mayHoldFacts } from './sentence-facts';
import { mergeSurnames } from './surnames';
import { findValues } from './value-mentions';
import { tokenize } from './wink-nlp';

export const BUILTIN_EXTRACTOR_ID = 'builtin-wink-1';

/**
 * wink compiles its model on first use and V8 optimises the extractor only after it has run for
 * a while: together about as long as extracting a megabyte. A server pays that at start, on a
 * paragraph that goes through every pass, rather than in its first upload.
 */
const WARM_UP_TEXT = [
  'Ada Lovelace, the daughter of Lord Byron, was born in London on 10 December 1815.',
  'She worked with Charles Babbage on the Analytical Engine and wrote "Sketch of the Analytical Engine" in 1843.',
  'The International Business Machines Corporation (IBM) later named a prize after her.',
  'In 1979 the United States Department of Defense called its new programming language Ada.',
  'He said that the engine could weave algebraic patterns, and about 25 copies of her notes survive in Oxford.',
].join(' ');
const WARM_UP_ROUNDS = 300;

export function warmUpExtractor(): void {
  for (let i = 0; i < WARM_UP_ROUNDS; i++) extractSync(WARM_UP_TEXT);
}

export function createBuiltinExtractor(): Extractor {
  return {
    id: BUILTIN_EXTRACTOR_ID,
    extract: (text) => Promise.resolve(extractSafely(text)),
    warmUp(): Promise<void> {
      warmUpExtractor();
      return Promise.resolve();
    },
  };
}

/** Odd input must never stop an ingest; an empty result is an honest answer. */
export function extractSafely(text: string): ExtractionResult {
  try {
    return extractSync(text);
  } catch {
    return { entities: [], facts: [] };
  }
}

export function extractSync(text: string): ExtractionResult {
  if (typeof text !== 'string' || text.trim().length === 0) return { entities: [], facts: [] };
  const ctx = createChunkContext(text, tokenize(text, 'tagged'));
  findMentions(ctx);
  findFacts(ctx);
  return { entities: ctx.entities.toEntities(), facts: dedupeFacts(ctx.facts.values(), ctx.entities) };
}

/** Passes 1 and 2: mentions, typed as they are found, then lone surnames merged into full names. */
function findMentions(ctx: ChunkContext): void {
  const sentences = ctx.tokens.sentences;
  // Values first, then quoted titles, so neither is swallowed by a run of capitals.
  for (const [first, last] of sentences) findValues(ctx, first, last);
  for (const [first, last] of sentences) findQuotedTitles(ctx, first, last);
  let previousFirstNamed = -1;
  for (const [first, last] of sentences) {
    findNames(ctx, first, last);
    // "… Jobs founded Apple. He …": a following he/she points at the previous sentence's subject.
    const opener = ctx.tokens.low(first);
    if (previousFirstNamed >= 0 && (opener === 'he' || opener === 'she')) {
      ctx.entities.vote(previousFirstNamed, PERSON, 1);
    }
    previousFirstNamed = firstNamedIn(ctx, first, last);
  }
  mergeSurnames(ctx);
  for (const [first, last] of sentences) findAddresses(ctx, first, last);
}

/** Pass 3: facts, sentence by sentence, carrying forward who a he/she may mean. */
function findFacts(ctx: ChunkContext): void {
  let lastPerson = -1;
  let topic = -1;
  for (const [first, last] of ctx.tokens.sentences) {
    if (mayHoldFacts(ctx, first, last, topic)) {
      const span: Span = { start: ctx.tokens.start(first), end: ctx.tokens.end(last) };
      const subject = factsInSentence(ctx, first, last, span, lastPerson, topic);
      // A sentence with a subject of its own sets the topic; one that only continues it ("It …") keeps it.
      if (subject >= 0) topic = subject;
    }
    lastPerson = lastPersonIn(ctx, first, last, lastPerson);
  }
}
