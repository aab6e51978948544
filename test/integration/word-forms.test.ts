import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocuments, startTestServer, type TestServer } from '../helpers/test-server';

describe('questions in other word forms than the passage', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await insertDocuments(server, [
      { title: 'Ada Lovelace', content: 'Ada Lovelace wrote the first published algorithm for a computing machine.' },
      { title: 'Bridges', content: 'The Roman engineers built stone bridges across the Tiber.' },
      { title: 'Comb jellies', content: 'Ctenophora are marine animals that swim with rows of cilia called combs.' },
      { title: 'Office calendar', content: 'The office closes for the summer vacation in August. The first Monday of each month is the all-hands meeting.' },
      { title: 'Garden calendar', content: 'The last frost usually comes in mid-April, so the tomatoes go out in May.' },
      { title: 'Insurance claims', content: 'Making a claim: phone the claims line on 0800 123 456 within 24 hours of the loss. Repairs start as soon as the claim is accepted.' },
      { title: 'Seedlings', content: 'Harden off seedlings by putting them outdoors for an hour a day for a week.' },
      { title: 'Kettle', content: 'The kettle gives a short beeping sound when the water boils.' },
      { title: 'Browser', content: 'Press F5 to refresh the page when the dashboard stops updating.' },
    ]);
  });
  afterAll(() => server.close());

  const ask = async (query: string) =>
    (await server.json<{ insufficient_coverage?: boolean; chunks: { title: string }[]; metadata: { coverage: number; absent_words?: string[] } }>('POST', '/query', { body: { query, include_summary: false } })).body;

  it('answers "what did she write?" from a passage that says "wrote", and "who builds" from "built"', async () => {
    const write = await ask('What did Ada Lovelace write?');
    expect(write.insufficient_coverage).toBeUndefined();
    expect(write.chunks[0]?.title).toBe('Ada Lovelace');
    const build = await ask('Who builds bridges across the Tiber?');
    expect(build.chunks[0]?.title).toBe('Bridges');
  });

  it('finds the passage for a misspelt name ("Ctenphora") and ignores "isn\'t" as a word', async () => {
    const typo = await ask('How do Ctenphora swim?');
    expect(typo.insufficient_coverage).toBeUndefined();
    expect(typo.chunks[0]?.title).toBe('Comb jellies');
    const negated = await ask("Isn't Ada Lovelace the writer of the first algorithm?");
    expect(negated.insufficient_coverage).toBeUndefined();
    expect(negated.chunks[0]?.title).toBe('Ada Lovelace');
  });

  it('reads a slip in a common word as the word ("vactaion"), but not a real word as a slip for another ("fridges")', async () => {
    const slip = await ask('When is the vactaion?');
    expect(slip.insufficient_coverage).toBeUndefined();
    expect(slip.chunks[0]?.title).toBe('Office calendar');
    // A mistyped function word is no rare word the documents lack.
    const mistyped = await ask('When shuold the office close for the summer?');
    expect(mistyped.chunks[0]?.title).toBe('Office calendar');
    expect(mistyped.metadata.coverage, 'as sure as with "should"').toBeCloseTo((await ask('When should the office close for the summer?')).metadata.coverage, 5);
    const fridges = await ask('Who built the fridges?');
    expect(fridges.insufficient_coverage === true || fridges.metadata.coverage < 0.5, `coverage ${fridges.metadata.coverage}`).toBe(true);
  });

  it('takes a known word with a prefix ("refreeze") as a word the documents lack, not as a slip for one they hold ("refresh")', async () => {
    const prefixed = await ask('Can I refreeze the dashboard?');
    expect(prefixed.metadata.absent_words ?? []).toContain('refreeze');
  });

  it('reads a slip in a short word by what the documents hold ("frst": frost beside a garden, though first is commoner)', async () => {
    const short = await ask('When is the last frst?');
    expect(short.insufficient_coverage).toBeUndefined();
    expect(short.chunks[0]?.title).toBe('Garden calendar');
    const office = await ask('When does the offce close?');
    expect(office.chunks[0]?.title).toBe('Office calendar');
  });

  it('reads a word typed as no English word as the word meant, though its stem is one ("makiing": maki), but not a name', async () => {
    const slip = await ask('What number do I phone for makiing a claim?');
    expect(slip.insufficient_coverage).toBeUndefined();
    expect(slip.chunks[0]?.title).toBe('Insurance claims');
    expect(slip.metadata.absent_words ?? []).not.toContain('makiing');
    // "beeing" is being, a function word, not beeping.
    const mistyped = await ask('How do I get seedlings used to beeing outdoors?');
    expect(mistyped.chunks[0]?.title).toBe('Seedlings');
    // A short function word mistyped ("hw", "whn") is that word, not a rare word the documents lack.
    for (const [typed, meant] of [['hw do I make a claim?', 'how do I make a claim?'], ['whn does the office close for the summer?', 'when does the office close for the summer?']]) {
      expect((await ask(typed ?? '')).metadata.coverage, typed).toBeCloseTo((await ask(meant ?? '')).metadata.coverage, 5);
    }
    // Capitalised, "Sonos" is a name the documents lack, not "soons" (soon).
    const name = await ask('Is my Sonos speaker covered by the claims line?');
    expect(name.metadata.absent_words).toContain('sonos');
  });

  it('answers a question wrapped in a greeting and thanks as surely as the bare question', async () => {
    const bare = await ask('How do Ctenophora swim?');
    const chatty = await ask('Hi! Can you please tell me how do Ctenophora swim? Thanks in advance.');
    expect(chatty.chunks[0]?.title).toBe('Comb jellies');
    expect(chatty.metadata.coverage).toBeCloseTo(bare.metadata.coverage, 5);
  });

  it('refuses, or marks as doubtful, what the knowledge base does not say', async () => {
    const body = await ask('What did Ada Lovelace paint in Venice?');
    // A near-topic question may be answered, but never as a sure one (metadata.coverage below one half).
    expect(body.insufficient_coverage === true || body.metadata.coverage < 0.5, `coverage ${body.metadata.coverage}`).toBe(true);
    // And it says which of the question's words no document holds, in any form.
    expect(body.metadata.absent_words).toContain('venice');
    expect(body.metadata.absent_words).not.toContain('lovelace');
    expect((await ask('What did Ada Lovelace write?')).metadata.absent_words).toBeUndefined();
  });
});
