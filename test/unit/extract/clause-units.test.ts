import { describe, expect, it } from 'vitest';
import { createChunkContext } from '../../../src/core/extract/chunk-context';
import { buildUnits } from '../../../src/core/extract/clause-units';
import type { Unit } from '../../../src/core/extract/clause-units';
import { findNames } from '../../../src/core/extract/name-mentions';
import { findValues } from '../../../src/core/extract/value-mentions';
import { tokenize } from '../../../src/core/extract/wink-nlp';

/** The units of the text's first sentence, after the mention passes that precede them. */
function unitsOf(text: string): { units: Unit[]; words: (u: Unit) => string } {
  const ctx = createChunkContext(text, tokenize(text, 'tagged'));
  const [first, last] = ctx.tokens.sentences[0] ?? [0, -1];
  findValues(ctx, first, last);
  findNames(ctx, first, last);
  return { units: buildUnits(ctx, first, last), words: (u) => ctx.tokens.surface(u.first, u.last) };
}

describe('clause units', () => {
  it('cuts a passive sentence into entity, verb group, prepositions and their objects', () => {
    const { units, words } = unitsOf('Apple was founded by Steve Jobs in 1976.');
    expect(units.map((u) => u.kind).join('')).toBe('EVPEPEX');
    const verb = units[1];
    expect(verb && words(verb)).toBe('was founded');
    expect(verb?.passive).toBe(true);
    expect(verb?.copula).toBe(false);
    expect(units[3] && words(units[3])).toBe('Steve Jobs');
  });

  it('marks copulas, negation and modals on the verb group', () => {
    expect(unitsOf('Warsaw is the capital of Poland.').units[1]?.copula).toBe(true);
    expect(unitsOf('Curie did not win the prize.').units[1]?.negated).toBe(true);
    expect(unitsOf('Curie may have visited Paris.').units[1]?.modal).toBe(true);
  });

  it('marks an entity that only qualifies the noun after it', () => {
    const { units } = unitsOf('The Talbot Hughes collection opened.');
    const entity = units.find((u) => u.kind === 'E');
    expect(entity?.modifier).toBe(true);
  });

  it('skips a short bracketed aside', () => {
    const { units, words } = unitsOf('Bach (1685) wrote cantatas.');
    expect(units.map(words)).not.toContain('1685');
  });
});
