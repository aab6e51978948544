import { describe, expect, it } from 'vitest';
import { respelled } from '../../../src/core/retrieval/spelling-correction';

describe('a question respelt as it was read', () => {
  it('writes each slip as the word meant, keeping a capital and every other word as typed', () => {
    const spelled = new Map([
      ['dirve', 'drive'],
      ['ghandi', 'gandhi'],
    ]);
    expect(respelled('Can I plug in a thumb dirve? Ghandi’s view, DIRVE', spelled)).toBe('Can I plug in a thumb drive? Gandhi’s view, Drive');
    expect(respelled('Nothing to read again', new Map())).toBe('Nothing to read again');
  });
});
