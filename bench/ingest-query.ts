/**
 * Ingest throughput, retrieval latency, memory and vector-leg quality of the real offline
 * pipeline, in-process on fresh temporary data folders.
 *
 *   npm run bench                               # 1k, 10k and 100k chunks, then the quality check
 *   npm run bench -- --sizes 1000,10000         # chosen sizes only
 *   npm run bench -- --sizes none --no-legs     # only the vector-leg quality check
 *   npm run bench -- --sizes 10k --profile      # plus time per adapter call and SQL statement
 *   npm run bench -- --no-uploads               # without upload throughput (PDF pages/s, CSV rows/s)
 *   npm run bench -- --no-ocr                   # upload throughput without the scanned PDFs
 *   npm run bench -- --no-folders               # without the watched-folder figures (first scan, save to searchable)
 *   npm run bench -- --no-encoder               # without the sentence encoder's call (one worker against the pool)
 *
 * It prints figures and never asserts: timings depend on the machine. The same figures go to
 * bench/results/latest.json (git-ignored) so runs can be compared.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args';
import { loadSentencePool } from './corpus';
import { machineInfo } from './machine';
import { buildQuestionSet } from './questions';
import { encoderCallSection, measureEncoderCall, type EncoderCallResult } from './encoder-call';
import { folderSection, measureFolderSync, type FolderSyncResult } from './folder-sync';
import { corpusSection, ingestSection, latencySection, legsSection, machineSection, memorySection, profileSection, qualitySection, targetsSection } from './report';
import { runSize, type SizeResult } from './size-run';
import { checkTargets } from './targets';
import { measureUploads, uploadSection, type UploadThroughput } from './upload-throughput';
import { measureVectorLeg } from './vector-leg';

const QUESTION_SEED = 0xbe7c4;
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

// Progress goes to stderr so stdout holds only the report.
const log = (line: string): void => void process.stderr.write(`${line}\n`);
const print = (section: string): void => console.log(`${section}\n`);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const machine = machineInfo();
  print(machineSection(machine));

  const pool = loadSentencePool();
  const questions = buildQuestionSet(pool.sentences, QUESTION_SEED);
  print(corpusSection(pool.sentences.length, pool.sourceParagraphs, questions));

  const sizes: SizeResult[] = [];
  for (const target of [...args.sizes].sort((a, b) => a - b)) {
    log(`size ${target} chunks`);
    sizes.push(await runSize(target, pool, questions, { legs: args.legs, profile: args.profile, extractWorkers: args.extractWorkers, log }));
  }
  if (sizes.length > 0) {
    print(ingestSection(sizes, args.extractWorkers));
    print(latencySection(sizes));
    print(memorySection(sizes));
    if (args.legs) print(legsSection(sizes));
    if (args.profile) print(profileSection(sizes));
  }

  let quality: Awaited<ReturnType<typeof measureVectorLeg>> | null = null;
  if (args.quality) {
    log('vector-leg quality check on XQuAD');
    quality = await measureVectorLeg();
    print(qualitySection(quality.paragraphs, quality.settings));
  }

  let uploads: UploadThroughput | null = null;
  if (args.uploads) {
    uploads = await measureUploads({ ocr: args.ocr, log });
    print(uploadSection(uploads));
  }

  let encoder: EncoderCallResult | null = null;
  if (args.encoder) {
    encoder = await measureEncoderCall({ log });
    print(encoderCallSection(encoder));
  }

  let folders: FolderSyncResult | null = null;
  if (args.folders) {
    folders = await measureFolderSync({ extractWorkers: args.extractWorkers, log });
    print(folderSection(folders));
  }

  const targets = checkTargets(sizes);
  if (targets.length > 0) print(targetsSection(targets));

  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}latest.json`;
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), machine, corpus: { sentences: pool.sentences.length, paragraphs: pool.sourceParagraphs, questions: questions.composition }, sizes, quality, uploads, encoder, folders, targets }, null, 2)}\n`);
  log(`figures written to ${file}`);
}

await main();
