import { describe, expect, it } from 'vitest';
import { createChunkContext } from '../../../src/core/extract/chunk-context';
import { dedupeFacts } from '../../../src/core/extract/dedupe-facts';
import { tokenize } from '../../../src/core/extract/wink-nlp';

const TEXT = 'Steve Jobs founded Apple.';
const SENTENCE = { start: 0, end: TEXT.length };

function context() {
  const ctx = createChunkContext(TEXT, tokenize(TEXT, 'tagged'));
  const jobs = ctx.entities.draftFor('Steve Jobs', 'named', null);
  const apple = ctx.entities.draftFor('Apple', 'named', null);
  return { ctx, jobs, apple };
}

describe('dedupeFacts', () => {
  it('keeps the higher confidence of a fact found twice', () => {
    const { ctx, jobs, apple } = context();
    ctx.facts.add(jobs, 'founded', 'relationship', apple, null, 0.6, SENTENCE);
    ctx.facts.add(jobs, 'founded', 'relationship', apple, null, 0.8, SENTENCE);
    expect(dedupeFacts(ctx.facts.values(), ctx.entities).map((f) => f.confidence)).toEqual([0.8]);
  });

  it('re-keys facts to the entity a draft was merged into, and drops what became self-reference', () => {
    const { ctx, jobs, apple } = context();
    const lone = ctx.entities.draftFor('Jobs', 'named', null);
    ctx.facts.add(lone, 'founded', 'relationship', apple, null, 0.8, SENTENCE);
    ctx.facts.add(lone, 'worked with', 'relationship', jobs, null, 0.7, SENTENCE);
    ctx.entities.merge(lone, jobs);
    const facts = dedupeFacts(ctx.facts.values(), ctx.entities);
    expect(facts).toHaveLength(1);
    expect(facts[0]?.subjectKey).toBe(ctx.entities.drafts[jobs]?.key);
  });
});
