import { describe, expect, it } from 'vitest';
import { backgroundTerms } from '../../../src/core/retrieval/question-context';

describe('the sentences around a question', () => {
  it('are background when the question asks with words of its own', () => {
    expect([...backgroundTerms("I'm putting together a summary for my boss. How high should the saddle be?")]).toEqual(['put', 'togeth', 'summari', 'boss']);
    expect([...backgroundTerms('how high should the saddle be? I need it for a report due tomorrow.')]).toEqual(['need', 'report', 'due', 'tomorrow']);
    // A term the question itself uses is never background.
    expect(backgroundTerms('My manager asked about the saddle. How high should the saddle be?').has('saddl')).toBe(false);
  });

  it('are not background when the question points back at them or leans on them', () => {
    for (const question of [
      'The dishwasher stopped draining. Is that on me or on the building to fix?',
      'We just had a baby. How long do I have to add her to my insurance?',
      'Glider was created by two members of a rock band. Which guitarist of that band was a student of Joe Satriani?',
      'The director Armando Iannucci has an OBE. Does the director Puneet Sira also have one?',
      'My espresso machine shows an orange light. Why?',
    ]) {
      expect(backgroundTerms(question)).toEqual(new Set());
    }
  });

  it('are background where the question points back at another sentence than theirs', () => {
    const terms = backgroundTerms("Context: I'm putting together a summary for my boss. We just had a baby. How long do I have to add her to my insurance?");
    expect([...terms]).toEqual(['context', 'put', 'togeth', 'summari', 'boss']);
    expect(backgroundTerms('How do I reset the oven when it beeps? The top deck shows E2.')).toEqual(new Set());
    expect([...backgroundTerms('How do I reset the oven when it beeps? The top deck shows E2. I need it for a report.')]).toEqual(['need', 'report']);
  });

  it('are not background when nothing asks, or everything does', () => {
    expect(backgroundTerms('orange light on the coffee machine wont go off')).toEqual(new Set());
    expect(backgroundTerms('When is the rent due? Can I pay it late?')).toEqual(new Set());
  });

  it('do not start at an initial or an abbreviation', () => {
    expect(backgroundTerms('Who did Fielding H. Garrison work for?')).toEqual(new Set());
    expect(backgroundTerms('When was the guitarist of the Damage, Inc. Tour born?')).toEqual(new Set());
  });
});
