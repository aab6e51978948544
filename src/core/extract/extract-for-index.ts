import { analyze } from '../text/analyze';
import { extractSafely } from './builtin-extractor';
import type { ExtractionResult } from './types';

/**
 * What ingest needs of a chunk's text: its facts and its index terms, computed together on
 * whichever thread extracts it, so that the thread writing the batch does not analyse it again.
 */
export function extractForIndex(text: string): ExtractionResult {
  return { ...extractSafely(text), terms: analyze(text) };
}
