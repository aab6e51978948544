/**
 * SASLprep (RFC 4013) as far as PDF passwords need it. PDF 2.0 (AES-256, revision 6) hashes the
 * password after SASLprep, but pdf.js hashes it as typed: "S\u00AASL\u00ADprep" only opens
 * saslprep-r6.pdf once the feminine ordinal becomes "a" (NFKC) and the soft hyphen is dropped.
 * Prohibited-character and bidi checks are left out: they reject passwords, and a rejected
 * password fails anyway.
 */

// RFC 3454 table B.1: characters commonly mapped to nothing.
const MAPPED_TO_NOTHING = new Set([0x00ad, 0x034f, 0x1806, 0x180b, 0x180c, 0x180d, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);
// RFC 3454 table C.1.2: non-ASCII spaces, mapped to SPACE.
const NON_ASCII_SPACE = new Set([0x00a0, 0x1680, 0x202f, 0x205f, 0x3000]);

function map(cp: number): string {
  if (MAPPED_TO_NOTHING.has(cp) || (cp >= 0xfe00 && cp <= 0xfe0f)) return '';
  if (NON_ASCII_SPACE.has(cp) || (cp >= 0x2000 && cp <= 0x200a)) return ' ';
  return String.fromCodePoint(cp);
}

export function saslprep(password: string): string {
  return Array.from(password, (ch) => map(ch.codePointAt(0) ?? 0))
    .join('')
    .normalize('NFKC');
}
