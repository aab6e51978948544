import { readFileSync } from 'node:fs';
import type { ParsedDocument } from '../../../../src/core/parse/types';

/** The shared pdf.js test corpus, read in place (never copied into the repo). */
export const PDF_DIR = new URL('../../../../../shared/data/pdf/', import.meta.url);

export function readPdf(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, PDF_DIR)));
}

/** All blocks of one page joined as a reader would see them (paragraphs on their own lines). */
export function pageText(doc: ParsedDocument, page: number): string {
  return doc.blocks
    .filter((b) => b.page === page)
    .map((b) => b.text)
    .join('\n');
}

export function allText(doc: ParsedDocument): string {
  return doc.blocks.map((b) => b.text).join('\n');
}

/** The reason of a rejected parse, or 'resolved' when it did not fail. */
export async function failureReason(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'resolved';
  } catch (error) {
    return (error as { reason?: string }).reason ?? `not a ParseFailure: ${String(error)}`;
  }
}
