import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionsFirst } from '../../../src/core/questions-first';

/** A question whose preparation ends when the test says so. */
function pendingQuestion(questions: QuestionsFirst): { answered: Promise<string>; finish(): void } {
  let finish = (): void => undefined;
  const answered = questions.answering(() => new Promise<string>((resolve) => (finish = () => resolve('answer'))));
  return { answered, finish };
}

describe('questions first: ingest gives way to a question being prepared', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes its next step only once the questions in flight are prepared', async () => {
    const questions = new QuestionsFirst();
    const steps: string[] = [];
    const first = pendingQuestion(questions);
    const second = pendingQuestion(questions);
    const ingest = questions.turn().then(() => steps.push('ingest step'));
    await new Promise((r) => setImmediate(r));
    first.finish();
    await first.answered.then(() => steps.push('first question'));
    await new Promise((r) => setImmediate(r));
    expect(steps).toEqual(['first question']);
    second.finish();
    await second.answered.then(() => steps.push('second question'));
    await ingest;
    expect(steps).toEqual(['first question', 'second question', 'ingest step']);
  });

  it('does not wait for a question asked after it began waiting, so that a stream of questions cannot stall it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const questions = new QuestionsFirst();
    const first = pendingQuestion(questions);
    let stepped = false;
    void questions.turn().then(() => (stepped = true));
    const later = pendingQuestion(questions);
    first.finish();
    for (let i = 0; i < 5 && !stepped; i++) await new Promise((r) => setImmediate(r));
    expect(stepped).toBe(true);
    later.finish();
    await later.answered;
  });

  it('goes on after a second when a question takes longer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const questions = new QuestionsFirst();
    const slow = pendingQuestion(questions);
    let stepped = false;
    const ingest = questions.turn().then(() => (stepped = true));
    await vi.advanceTimersByTimeAsync(900);
    expect(stepped).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await ingest;
    expect(stepped).toBe(true);
    slow.finish();
    await slow.answered;
  });

  it('does not hold ingest when no question is asked, and a failed question releases it too', async () => {
    const questions = new QuestionsFirst();
    await questions.turn();
    const failing = questions.answering(() => Promise.reject(new Error('no such knowledge base')));
    const ingest = questions.turn();
    await expect(failing).rejects.toThrow('no such knowledge base');
    await ingest;
  });
});
