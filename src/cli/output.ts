type Paint = (text: string) => string;

export interface Style {
  bold: Paint;
  dim: Paint;
  red: Paint;
  green: Paint;
  yellow: Paint;
  cyan: Paint;
}

/** Colours only on a terminal, and never when NO_COLOR is set or TERM is dumb (no-color.org). */
export function colorsEnabled(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}

export function styleFor(stream: NodeJS.WriteStream): Style {
  const on = colorsEnabled(stream);
  const code = (open: number, close: number): Paint => (text) => (on ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return { bold: code(1, 22), dim: code(2, 22), red: code(31, 39), green: code(32, 39), yellow: code(33, 39), cyan: code(36, 39) };
}

export const out = {
  line(text = ''): void {
    process.stdout.write(`${text}\n`);
  },
  /** Machine-readable output: one JSON document on stdout. */
  json(value: unknown): void {
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  },
  /** Progress and notes go to stderr, so stdout stays clean for pipes. */
  note(text: string): void {
    process.stderr.write(`${text}\n`);
  },
};

/** Where a cited passage is: page, section or CSV row, when known. */
export function placeOf(source: { page: number | null; section: string | null; row: number | null }): string {
  if (source.page !== null) return `p. ${source.page}`;
  if (source.section) return source.section;
  if (source.row !== null) return `row ${source.row}`;
  return '';
}
