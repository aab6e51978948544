import { describe, expect, it } from 'vitest';
import { findHighlight } from '../../../src/renderer/src/components/highlight';
import { splitCitations } from '../../../src/renderer/src/features/chat/citations';

const highlighted = (text: string, quote: string): string => {
  const r = findHighlight(text, undefined, quote);
  return text.slice(r.start, r.end);
};

describe('citations of an extractive answer', () => {
  it('quotes the sentence a marker closes, without the title line above it', () => {
    const parts = splitCitations('From “What Is Ownership?”:\nOwnership is a set of rules. [1] Keep at it! [2]\n\nFrom “vega-airports.csv”:\n- Merrill (MRI, Anchorage, AK, USA) [3]');
    expect(parts.filter((p) => p.cite !== undefined).map((p) => p.quote)).toEqual([
      'Ownership is a set of rules.',
      'Keep at it!',
      '- Merrill (MRI, Anchorage, AK, USA)',
    ]);
  });

  it('highlights the quoted sentence, or the part of it a passage holds at its edge', () => {
    const passage = 'become with Rust and the rules of the ownership system, the easier you’ll find it. Keep at it!\n\nWhen you understand ownership, you’ll have a solid foundation for understanding';
    expect(highlighted(passage, 'Keep at it!')).toBe('Keep at it!');
    expect(highlighted(passage, 'The good news is that the more experienced you become with Rust and the rules of the ownership system, the easier you’ll find it.')).toBe(
      'become with Rust and the rules of the ownership system, the easier you’ll find it',
    );
    expect(highlighted(passage, 'When you understand ownership, you’ll have a solid foundation for understanding the features that make Rust unique.')).toBe(
      'When you understand ownership, you’ll have a solid foundation for understanding',
    );
    expect(highlighted(passage, 'A sentence this passage does not hold at all.')).toBe(passage);
  });
});
