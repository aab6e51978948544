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

  it('cuts the same requests typed in a hurry', () => {
    expect(withoutFraming('pls tell me when the rent is due')).toBe('when the rent is due');
    expect(withoutFraming('plz when is the bin day')).toBe('when is the bin day');
    expect(withoutFraming('can u check when the rent is due plz')).toBe('when the rent is due');
    expect(withoutFraming('do u know the wifi password')).toBe('the wifi password');
    expect(withoutFraming('hey so like when do i get my deposit back lol')).toBe('when do i get my deposit back');
    expect(withoutFraming('rent due date? :)')).toBe('rent due date?');
  });

  it('cuts a subject line, urgency, a claim to be checked and a tag asking to confirm', () => {
    expect(withoutFraming('quick q: wifi password?')).toBe('wifi password?');
    expect(withoutFraming('Re: deposit - when do I get it back?')).toBe('deposit - when do I get it back?');
    expect(withoutFraming('is it true that uber is reimbursed?')).toBe('uber is reimbursed?');
    expect(withoutFraming("my manager said I can't claim taxis, is that right?")).toBe("my manager said I can't claim taxis?");
    expect(withoutFraming('the rent is due on the 1st, right?')).toBe('the rent is due on the 1st?');
    expect(withoutFraming('Do I turn left or right?')).toBe('Do I turn left or right?');
    expect(withoutFraming('need the wifi password asap')).toBe('the wifi password');
    expect(withoutFraming('URGENT: locked out of my laptop, who do I call?')).toBe('locked out of my laptop, who do I call?');
  });

  it('cuts what a search box is asked ("find …", "info on …")', () => {
    expect(withoutFraming('find the security deposit clause')).toBe('the security deposit clause');
    expect(withoutFraming('info on the security deposit')).toBe('the security deposit');
    expect(withoutFraming('anything about the security deposit?')).toBe('the security deposit?');
    expect(withoutFraming('show me the oven manual')).toBe('the oven manual');
  });

  it('cuts a request for a summary, keeping what is to be summed up', () => {
    expect(withoutFraming('tl;dr of the tracemonkey paper')).toBe('the tracemonkey paper');
    expect(withoutFraming('give me a summary of the ownership chapter')).toBe('the ownership chapter');
    expect(withoutFraming('Summarize the lease, please')).toBe('the lease');
    expect(withoutFraming('eli5 trace trees')).toBe('trace trees');
    expect(withoutFraming('key points of the insurance policy')).toBe('the insurance policy');
  });

  it('cuts a lead-in or an afterthought made only of courtesy and function words', () => {
    expect(withoutFraming('Sorry if this is obvious, but how do I descale the machine?')).toBe('how do I descale the machine?');
    expect(withoutFraming('Quick one - when is the rent due?')).toBe('when is the rent due?');
    expect(withoutFraming('I need to know: when is the rent due?')).toBe('when is the rent due?');
    expect(withoutFraming('When is the rent due? Thanks a lot!')).toBe('When is the rent due?');
    expect(withoutFraming("Where is the spare key? I can't find it anywhere.")).toBe('Where is the spare key?');
    expect(withoutFraming('When is the rent due? (asking for a friend)')).toBe('When is the rent due?');
    expect(withoutFraming('rent due date (sorry, quick one)')).toBe('rent due date');
  });

  it('keeps a lead-in or an afterthought that says something', () => {
    for (const question of ['Harbour Lane: what time does it open?', 'In the lease, what is the notice period?', 'When is the rent due? I moved in on 3 March.', 'Mr. Smith called. What did he want?', 'What does ! mean as a type?', 'What is the rent (per month)?']) {
      expect(withoutFraming(question)).toBe(question);
    }
  });

  it('keeps words that ask something, and a question that is all framing', () => {
    for (const question of ['What did I write in my notes?', 'Who should I tell about a break-in?', 'Well water testing?', 'How do I say thank you in Welsh?', 'Thanks!', 'Perfect pitch: can it be learned?', 'Finding Nemo was made by which studio?', 'Like a Prayer was released when?', 'Search engines: which one do we use?', 'Summary judgment: when can a court grant it?', 'Who wrote the summary of the Treaty of Rome?']) {
      expect(withoutFraming(question)).toBe(question);
    }
  });
});
