/**
 * Just enough HTML handling for the HTML that shows up inside Markdown and in mammoth's DOCX
 * output: tags go, their text stays, entities are decoded. Not a general HTML parser.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  vert: '|',
  verbar: '|',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  middot: '·',
  bull: '•',
  times: '×',
  rarr: '→',
  larr: '←',
};

/** Decodes numeric references and the common named ones; unknown names are left as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g, (whole, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

// Elements whose end (or whose self) is a line break when read as text.
const BREAKING_TAGS = /^(?:br|p|div|li|tr|h[1-6]|blockquote|pre|table|ul|ol|section|article|header|footer|hr|dt|dd)$/i;

// Words a tag carries in its attributes: an image's alt text, a caption (mdBook's
// `<Listing caption="A variable and the scope in which it is valid">`).
function describedBy(attributes: string): string {
  const match = /\b(?:alt|caption)\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attributes);
  return (match?.[1] ?? match?.[2] ?? '').trim();
}

/**
 * The readable text of an HTML fragment: comments, scripts and styles dropped, alt texts and
 * captions kept, block elements turned into line breaks, inline tags removed, entities decoded,
 * blank runs collapsed.
 */
export function htmlToText(html: string): string {
  const withoutHidden = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, '');
  const text = withoutHidden.replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)\b([^>]*)>/g, (_tag, name: string, attributes: string) => {
    const described = describedBy(attributes);
    if (described) return ` ${described}\n`;
    return BREAKING_TAGS.test(name) ? '\n' : '';
  });
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}
