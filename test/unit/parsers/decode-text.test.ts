import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText, encodingWarning } from '../../../src/adapters/parsers/decode-text';

const utf16le = (text: string): Uint8Array => Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
const utf16be = (text: string): Uint8Array => Uint8Array.from([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16()]);

describe('decodeText', () => {
  it('reads UTF-16 with a byte order mark, either byte order, without the BOM in the text', () => {
    expect(decodeText(utf16le('Un café naïve'))).toEqual({ text: 'Un café naïve', encoding: 'utf-16le', source: 'bom' });
    expect(decodeText(utf16be('Un café naïve'))).toMatchObject({ text: 'Un café naïve', encoding: 'utf-16be' });
  });

  it('reads UTF-8 with or without a BOM', () => {
    const bytes = Buffer.from('café naïve — 東京', 'utf8');
    expect(decodeText(bytes)).toEqual({ text: 'café naïve — 東京', encoding: 'utf-8', source: 'utf8' });
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes])).text).toBe('café naïve — 東京');
  });

  it('reads short Latin-1 text right, where a statistical guess alone picks Central European', () => {
    const decoded = decodeText(Buffer.from('café naïve', 'latin1'));
    expect(decoded.text).toBe('café naïve');
    expect(decoded.encoding).toBe('windows-1252');
    expect(encodingWarning(decoded)).toContain('windows-1252');
  });

  it('keeps Windows-1252 curly quotes and dashes', () => {
    const text = 'He said “hello” — it’s café time, Señor Müller.';
    expect(decodeText(iconv.encode(text, 'win1252')).text).toBe(text);
  });

  it('detects multi-byte Asian and Cyrillic encodings', () => {
    const japanese = '日本語のテキストです。これはテストです。東京都の天気は晴れです。';
    expect(decodeText(iconv.encode(japanese, 'shift_jis'))).toMatchObject({ text: japanese, encoding: 'shift_jis', source: 'detected' });
    const chinese = '这是一个中文测试文本，我们需要检测编码。北京的天气很好。';
    expect(decodeText(iconv.encode(chinese, 'gb18030'))).toMatchObject({ text: chinese, encoding: 'gb18030' });
    const russian = 'Привет мир, это тестовый текст на русском языке, довольно длинный.';
    expect(decodeText(iconv.encode(russian, 'win1251'))).toMatchObject({ text: russian, encoding: 'windows-1251' });
  });

  it('never throws on invalid bytes', () => {
    const noise = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    expect(() => decodeText(noise)).not.toThrow();
    expect(decodeText(new Uint8Array(0))).toEqual({ text: '', encoding: 'utf-8', source: 'utf8' });
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x41])).encoding).toBe('utf-16le');
  });
});
