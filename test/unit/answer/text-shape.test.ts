import { describe, expect, it } from 'vitest';
import { isMarkup, isProseSentence, isTableLine, listMarkerLength, looksLikeCode } from '../../../src/core/answer/text-shape';

describe('looksLikeCode', () => {
  it('knows template directives, HTML comments and tags whatever file they come from', () => {
    expect(looksLikeCode('{{#include ../listings/ch04/listing-04-01/src/main.rs}}')).toBe(true);
    expect(looksLikeCode('{{#rustdoc_include ../listings/ch04-understanding-ownership/listing-04-02/src/main.rs:here}}')).toBe(true);
    expect(looksLikeCode('{% include "footer.html" %}')).toBe(true);
    expect(looksLikeCode('<!-- TODO: rewrite this section -->')).toBe(true);
    expect(looksLikeCode('<p align="center"><img src="images/jj1.png"></p>')).toBe(true);
    expect(isMarkup('See the <!-- hidden --> note.')).toBe(true);
  });

  it('knows lines of program code and shell commands', () => {
    for (const line of [
      'let s = String::from("hello");',
      'fn main() {',
      '}',
      'println!("{s1}, world!");',
      'const total = items.reduce((sum, x) => sum + x, 0);',
      'def handler(event, context):  # returns {"ok": true}',
      '$ cargo run',
      '// This is a comment about the code.',
      'x[i] = (a * b) / c;',
    ]) {
      expect(looksLikeCode(line), line).toBe(true);
    }
  });

  it('leaves prose alone, even prose that names code or ends a clause with a semicolon', () => {
    for (const line of [
      'Ownership is a set of rules that govern how a Rust program manages memory.',
      'The variable `s` refers to a string literal, where the value of the string is hardcoded into the text of our program.',
      'Some languages have garbage collection that regularly looks for no-longer-used memory as the program runs;',
      'For details (and the exceptions), see the appendix at https://example.com/appendix.',
      'Deposits are returned within 14 days after the end of the lease.',
    ]) {
      expect(looksLikeCode(line), line).toBe(false);
    }
  });
});

describe('isProseSentence', () => {
  it('refuses a sentence that is mostly inline code', () => {
    expect(isProseSentence('Write `let s1 = String::from("hello"); let s2 = s1;` here.')).toBe(false);
    expect(isProseSentence('Run `cargo build`.')).toBe(false);
  });

  it('accepts prose that quotes a little code, and prose in scripts written without spaces', () => {
    expect(isProseSentence('With the `String` type, we need to allocate an amount of memory on the heap.')).toBe(true);
    expect(isProseSentence('华沙是波兰的首都和最大的城市。')).toBe(true);
    expect(isProseSentence('負荷分散装置は複数のサーバーに要求を振り分ける。')).toBe(true);
  });
});

describe('table lines and list markers', () => {
  it('tells table rows and separators from prose', () => {
    expect(isTableLine('| `!` | `ident!(...)` | Macro expansion | |')).toBe(true);
    expect(isTableLine('|---|---|---|')).toBe(true);
    expect(isTableLine('--- | ---')).toBe(true);
    expect(isTableLine('Pipes | inside prose are not a table.')).toBe(false);
  });

  it('measures list markers, checkboxes included', () => {
    expect(listMarkerLength('- Each value in Rust has an owner.')).toBe(2);
    expect(listMarkerLength('12. Twelfth step.')).toBe(4);
    expect(listMarkerLength('* [x] Done item.')).toBe(6);
    expect(listMarkerLength('Each value in Rust has an owner.')).toBe(0);
  });
});
