import { describe, expect, it } from 'vitest';
import { pipeTableRows } from '../../../src/core/answer/markdown-table-rows';
import { passageWindow } from '../../../src/core/answer/passage-window';
import { describeRow } from '../../../src/core/answer/table-rows';
import type { ChunkRecord } from '../../../src/core/model';
import { analyze } from '../../../src/core/text/analyze';

const TABLE = [
  'Table B-1: Operators',
  '',
  '| Operator | Example | Explanation | Overloadable? |',
  '| --- | --- | --- | --- |',
  '| `*=` | `var *= expr` | Arithmetic multiplication and assignment | `MulAssign` |',
  '| `->` | `fn(...) -> type`, `\\|...\\| -> type` | Function and closure return type |  |',
  '| `?` | `expr?` | Error propagation |  |',
].join('\n');

const chunk = (ordinal: number, start: number, end: number): ChunkRecord => ({
  id: `c${ordinal}`, documentId: 'ops', ordinal, text: TABLE.slice(start, end), start, end, page: null, section: null, row: null,
});

describe('rows of a pipe table', () => {
  // A long table is cut into chunks inside a row: the second chunk starts in the middle of the `*=` row.
  const cut = TABLE.indexOf('multiplication and assignment');
  const first = chunk(0, 0, cut + 'multiplication'.length);
  const second = chunk(1, cut, TABLE.length);

  it('reads the rows a chunk holds whole, named by the header in the chunk before', () => {
    const rows = pipeTableRows(passageWindow(second, [first]));
    expect(rows.map((r) => r.map((c) => `${c.column}=${c.value}`).join('; '))).toEqual([
      'Operator=`*=`; Example=`var *= expr`; Explanation=Arithmetic multiplication and assignment; Overloadable?=`MulAssign`',
      'Operator=`->`; Example=`fn(...) -> type`, `|...| -> type`; Explanation=Function and closure return type',
      'Operator=`?`; Example=`expr?`; Explanation=Error propagation',
    ]);
  });

  it('leaves out a row the chunk’s edge cuts when the neighbours are unknown', () => {
    const rows = pipeTableRows(passageWindow(second, []));
    expect(rows.map((r) => r[0]?.value)).toEqual(['`->`', '`?`']);
    expect(rows[0]?.[0]?.column).toBe('column 1');
  });

  it('describes a matching row from its cells', () => {
    const [, , errors] = pipeTableRows(passageWindow(second, [first]));
    expect(describeRow(errors ?? [], new Set(analyze('Which operator propagates errors?')))).toBe('`?` (`expr?`, Error propagation)');
  });
});
