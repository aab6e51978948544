import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParsedBlock, ParsedDocument } from '../../../src/core/parse/types';
import { createMarkdownParser } from '../../../src/adapters/parsers/markdown-parser';
import { SHARED_DATA } from '../../helpers/real-data';

const parser = createMarkdownParser();
const source = (name: string): string => readFileSync(`${SHARED_DATA}markdown/${name}`, 'utf8');
const parsed = new Map<string, ParsedDocument>();

async function parseFile(name: string): Promise<ParsedDocument> {
  const cached = parsed.get(name);
  if (cached) return cached;
  const started = performance.now();
  const doc = await parser.parse(readFileSync(`${SHARED_DATA}markdown/${name}`), {});
  console.info(`${name}: ${doc.blocks.length} blocks in ${(performance.now() - started).toFixed(0)} ms`);
  parsed.set(name, doc);
  return doc;
}

const blockWith = (doc: ParsedDocument, text: string): ParsedBlock | undefined => doc.blocks.find((block) => block.text.includes(text));
const parseText = (text: string) => parser.parse(Buffer.from(text, 'utf8'), {});

describe('markdown parser on real files', () => {
  it('gives each paragraph the heading path it sits under', async () => {
    const doc = await parseFile('system-design-primer_README.md');
    expect(doc.title).toBe('The System Design Primer');
    const scalable = blockWith(doc, 'A service is scalable if it results in increased performance');
    expect(scalable?.section).toBe('The System Design Primer > Performance vs scalability');
    expect(scalable?.text.startsWith('Performance vs scalability\n\n')).toBe(true);
    expect(blockWith(doc, 'Waiting for a response from the partitioned node')?.section).toBe(
      'The System Design Primer > Availability vs consistency > CAP theorem > CP - consistency and partition tolerance',
    );
    // Text before the first heading has no section.
    expect(doc.blocks[0]?.section).toBeUndefined();
  });

  it('keeps link text, drops link targets and reduces HTML to its text', async () => {
    const doc = await parseFile('system-design-primer_README.md');
    const all = doc.blocks.map((block) => block.text).join('\n');
    expect(all).not.toMatch(/\]\(https?:/);
    expect(all).not.toMatch(/<\/?(?:p|img|sup|a|br)\b/);
    expect(blockWith(doc, '- A word on scalability')?.section).toBe('The System Design Primer > Performance vs scalability > Source(s) and further reading');
    // `<sup><a href=…>1</a></sup>` keeps its text.
    expect(blockWith(doc, 'such as when datasets grow.1')).toBeDefined();
  });

  it('keeps a fenced code block whole, as one atomic block', async () => {
    const doc = await parseFile('system-design-primer_README.md');
    const lines = source('system-design-primer_README.md').split('\n');
    const open = lines.indexOf('```python');
    const close = lines.indexOf('```', open + 1);
    const code = lines.slice(open, close + 1).join('\n');
    expect(close - open).toBeGreaterThan(5);
    const block = doc.blocks.find((candidate) => candidate.text === code);
    expect(block).toMatchObject({ atomic: true });

    const ownership = await parseFile('rust-book_ch04-01-what-is-ownership.md');
    expect(ownership.title).toBe('What Is Ownership?');
    expect(ownership.blocks).toContainEqual({ text: '```rust\nlet s = "hello";\n```', section: 'What Is Ownership? > Variable Scope', atomic: true });
    expect(ownership.blocks.filter((b) => b.text.startsWith('```'))).toHaveLength(15);
  });

  it('keeps the operators table whole, one line per row, pipes inside cells escaped', async () => {
    const doc = await parseFile('rust-book_appendix-02-operators.md');
    expect(doc.title).toBe('Appendix B: Operators and Symbols');
    const lines = source('rust-book_appendix-02-operators.md').split('\n');
    const header = lines.findIndex((line) => line.startsWith('| Operator'));
    let rowCount = 0;
    while (lines[header + rowCount]?.startsWith('|')) rowCount++;

    const table = doc.blocks.find((block) => block.text.startsWith('| Operator | Example | Explanation | Overloadable? |'));
    expect(table).toMatchObject({ atomic: true, section: 'Appendix B: Operators and Symbols > Operators' });
    const tableLines = table?.text.split('\n') ?? [];
    expect(tableLines).toHaveLength(rowCount);
    expect(tableLines).toContain('| `\\|` | `pat \\| pat` | Pattern alternatives |  |');
    expect(tableLines).toContain('| `\\|\\|` | `expr \\|\\| expr` | Short-circuiting logical OR |  |');
    // Every row still has exactly four cells when split at unescaped pipes.
    for (const line of tableLines) expect(line.split(/(?<!\\)\|/).slice(1, -1)).toHaveLength(4);
    expect(doc.blocks.filter((block) => block.atomic)).toHaveLength(10);
  });

  it('keeps mdBook listing captions and inline code in heading paths as plain words', async () => {
    const doc = await parseFile('rust-book_ch04-01-what-is-ownership.md');
    expect(blockWith(doc, 'A variable and the scope in which it is valid')?.section).toBe('What Is Ownership? > Variable Scope');
    expect(doc.blocks.some((block) => block.section === 'What Is Ownership? > The String Type')).toBe(true);
  });

  it('reads the Chinese translation with its own heading paths', async () => {
    const doc = await parseFile('system-design-primer_README-zh-Hans.md');
    expect(doc.title).toBe('系统设计入门');
    expect(blockWith(doc, '如果服务性能的增长与资源的增加是成比例的，服务就是可扩展的。')?.section).toBe('系统设计入门 > 性能与可扩展性');
    expect(doc.blocks.filter((block) => block.atomic && block.text.startsWith('```python'))).not.toHaveLength(0);
  });

  it('sizes prose blocks for the chunker: never above 4 KB unless a single line or atomic', async () => {
    for (const name of ['system-design-primer_README.md', 'rust-book_ch04-01-what-is-ownership.md']) {
      const doc = await parseFile(name);
      for (const block of doc.blocks.filter((b) => !b.atomic)) expect(block.text.length).toBeLessThanOrEqual(4000);
    }
  });
});

describe('markdown parser edge cases', () => {
  it('uses front matter for the title and keeps it out of the text', async () => {
    const doc = await parseText('---\ntitle: "Release notes"\ndate: 2024-01-01\n---\n\n## Fixes\n\nA crash on start.\n');
    expect(doc.title).toBe('Release notes');
    expect(doc.blocks).toEqual([{ text: 'Fixes\n\nA crash on start.', section: 'Fixes' }]);
  });

  it('nests and closes heading paths by level, and strikethrough keeps its words', async () => {
    const doc = await parseText('# A\n\nintro\n\n## B\n\n### C\n\nin c ~~old~~\n\n## D\n\nin d\n');
    expect(doc.blocks).toEqual([
      { text: 'A\n\nintro', section: 'A' },
      { text: 'C\n\nin c old', section: 'A > B > C' },
      { text: 'D\n\nin d', section: 'A > D' },
    ]);
  });

  it('fails with no_text_found on an empty file or one with only an image', async () => {
    await expect(parseText('')).rejects.toMatchObject({ reason: 'no_text_found' });
    await expect(parseText('<p align="center"><img src="x.png"></p>\n')).rejects.toMatchObject({ reason: 'no_text_found' });
  });
});
