import { describe, expect, it } from 'vitest';
import { halfOf } from '../../../bench/quality/halves';
import { inChat } from '../../../bench/quality/chatty';
import { misspell } from '../../../bench/quality/misspelt';

const questions = Array.from({ length: 400 }, (_, i) => ({ id: `q-${i}`, question: 'How long is the warranty on the coffee machine?' }));

/** Which slip turned "warranty" (the longest word) into what misspell wrote. */
function slipKind(written: string): string {
  const word = written.split(' ')[4] ?? '';
  if (word.length === 7) return 'dropped';
  if (word.length === 9) return 'doubled';
  return [...word].sort().join('') === [...'warranty'].sort().join('') ? 'swapped' : 'replaced';
}

describe('the question shapes of bench:quality', () => {
  it('makes one slip in the longest word, and every kind of slip in each half', () => {
    for (const half of ['tuning', 'held-out'] as const) {
      const kinds = new Set(questions.filter((q) => halfOf(q.id) === half).map((q) => slipKind(misspell(q) ?? '')));
      expect([...kinds].sort()).toEqual(['doubled', 'dropped', 'replaced', 'swapped']);
    }
    expect(misspell({ id: 'x', question: 'Who is Ada?' })).toBeNull();
  });

  it('puts the question whole inside the chat around it, and varies that within each half', () => {
    for (const half of ['tuning', 'held-out'] as const) {
      const chats = questions.filter((q) => halfOf(q.id) === half).map(inChat);
      expect(chats.every((c) => /ow long is the warranty on the coffee machine\?/u.test(c))).toBe(true);
      expect(new Set(chats).size).toBeGreaterThan(10);
    }
  });
});
