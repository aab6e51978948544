import { describe, expect, it } from 'vitest';
import { withoutFraming } from '../../../src/core/retrieval/question-framing';

describe('the question without what a chat puts around it', () => {
  it('cuts greetings, requests and thanks at the edges', () => {
    expect(withoutFraming('Hi, quick question: Who was the medical report written for? Thanks!')).toBe('Who was the medical report written for?');
    expect(withoutFraming('Can you please tell me: who leads the team, according to my notes?')).toBe('who leads the team?');
    expect(withoutFraming('hey there, do you know the wifi password please')).toBe('the wifi password');
    expect(withoutFraming('Good morning! I was wondering whether the office is open on Monday. Thank you so much in advance.')).toBe('whether the office is open on Monday');
    expect(withoutFraming('Thanks! And when was she born?')).toBe('And when was she born?');
  });

  it('keeps words that ask something, and a question that is all framing', () => {
    for (const question of ['What did I write in my notes?', 'Who should I tell about a break-in?', 'Well water testing?', 'How do I say thank you in Welsh?', 'Thanks!', 'Perfect pitch: can it be learned?']) {
      expect(withoutFraming(question)).toBe(question);
    }
  });
});
