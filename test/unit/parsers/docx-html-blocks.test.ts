import { describe, expect, it } from 'vitest';
import { docxHtmlToBlocks } from '../../../src/adapters/parsers/docx-html-blocks';

// The HTML here is shaped like mammoth's output: compact, no whitespace between tags.
describe('docxHtmlToBlocks', () => {
  it('writes nested lists as indented lines inside the section prose', () => {
    const html =
      '<h2>Steps</h2><p>Before you start:</p><ol><li>Open the valve<ul><li>slowly</li><li>fully</li></ul></li><li>Wait</li></ol><p>Done.</p>';
    expect(docxHtmlToBlocks(html)).toEqual({
      title: null,
      blocks: [{ text: 'Steps\n\nBefore you start:\n\n1. Open the valve\n  - slowly\n  - fully\n2. Wait\n\nDone.', section: 'Steps' }],
    });
  });

  it('keeps formatting text, footnote markers and image alt text, decodes entities', () => {
    const html = '<h1>A &amp; B</h1><p><strong>Bold</strong> and <a href="https://x">linked</a><sup><a href="#footnote-1" id="footnote-ref-1">[1]</a></sup> <img alt="a chart" src=""></p>';
    expect(docxHtmlToBlocks(html).blocks).toEqual([{ text: 'A & B\n\nBold and linked[1] a chart', section: 'A & B' }]);
  });

  it('reads a table nested in a cell as part of that cell', () => {
    const html = '<table><tr><td><p>outer</p><table><tr><td><p>inner 1</p></td><td><p>inner 2</p></td></tr></table></td><td><p>x</p></td></tr></table>';
    expect(docxHtmlToBlocks(html).blocks).toEqual([{ text: '| outer inner 1 inner 2 | x |\n| --- | --- |', atomic: true }]);
  });
});
