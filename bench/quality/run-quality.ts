/**
 * Answer quality of the real server, through its HTTP API, with no language model and no neural
 * embedder, on question sets of several shapes (single passages, whole long documents, two-hop
 * questions, a small everyday knowledge base), each beside plain BM25 on the same data; plus
 * off-topic, near-topic and missing-answer questions that must be refused or marked. Every set is
 * split by a hash of the question id: constants are chosen on the tuning half, and the held-out
 * half is the one to report.
 *
 *   npm run bench:quality                          # every set, every question (several minutes)
 *   npm run bench:quality -- --quick               # 100 questions per set
 *   npm run bench:quality -- --sets everyday       # one set
 *   npm run bench:quality -- --retrieval '{"bridgePageWeight":0}'   # try a setting (judge it on the tuning half)
 *   npm run bench:quality -- --sets webnlg         # fact extraction only (built-in extractor)
 *   npm run bench:quality -- --sets webnlg --extraction-model qwen3:8b --ollama-host http://127.0.0.1:11434
 *   npm run bench:quality -- --sets webnlg --ollama-stand-in   # the model path, against the test stand-in
 *
 * It prints figures and never asserts. The figures and every question's outcome go to
 * bench/results/quality.json (git-ignored) so runs can be compared.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { machineInfo } from '../machine';
import { machineSection } from '../report';
import { runWebnlg, type ExtractionSetResult } from './extraction-webnlg';
import { startExtractionStandIn, STAND_IN_MODEL } from './extraction-stand-in';
import { parseQualityArgs, type QualityArgs } from './quality-args';
import { corpusTable, shapesTable, qualityTable, rankingTable, targetsTable } from './quality-report';
import { loadSet, offTopicQuestions } from './quality-sets';
import { checkQualityTargets } from './quality-targets';
import { runSet, type SetResult } from './run-set';
import { categoryTable, extractionTable, missesSample } from './webnlg-report';

const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

// Progress goes to stderr so stdout holds only the report.
const log = (line: string): void => void process.stderr.write(`${line}\n`);
const print = (section: string): void => console.log(`${section}\n`);

async function main(): Promise<void> {
  const args = parseQualityArgs(process.argv.slice(2));
  const started = performance.now();
  const machine = machineInfo();
  const loadAverage = loadavg()[0] ?? 0;
  print(machineSection(machine));
  const offTopic = offTopicQuestions();
  const sets: SetResult[] = [];
  for (const name of args.sets) {
    sets.push(await runSet(loadSet(name), { limit: args.limit, offTopic, extractWorkers: args.extractWorkers, retrieval: args.retrieval, log }));
  }
  const extraction = await runExtraction(args);
  const targets = checkQualityTargets(sets);
  if (sets.length > 0) {
    print(corpusTable(sets));
    print(qualityTable(sets, 'held-out'));
    print(qualityTable(sets, 'tuning'));
    print(shapesTable(sets, 'held-out'));
    print(shapesTable(sets, 'tuning'));
    print(rankingTable(sets, 'held-out'));
    print(rankingTable(sets, 'tuning'));
    print(targetsTable(targets));
  }
  if (extraction.length > 0) {
    print(extractionTable(extraction, 'held-out'));
    print(extractionTable(extraction, 'tuning'));
    print(categoryTable(extraction));
    if (args.misses > 0) print(missesSample(extraction, args.misses));
  }
  // The machine is shared: latency means little without how busy it was.
  const load = { atStart: loadAverage, atEnd: loadavg()[0] ?? 0 };
  print(`Load average (1 min) at start ${load.atStart.toFixed(1)}, at end ${load.atEnd.toFixed(1)} on ${machine.cpuCount} cores`);

  mkdirSync(RESULTS_DIR, { recursive: true });
  const only = args.sets.length === 1 && !args.extraction ? args.sets[0] : args.sets.length === 0 ? 'webnlg' : null;
  const file = `${RESULTS_DIR}quality${only ? `-${only}` : ''}.json`;
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), machine, load, args, seconds, sets, targets, extraction }, null, 2)}\n`);
  log(`finished in ${seconds.toFixed(0)} s; figures written to ${file}`);
}

/** WebNLG with the built-in extractor, and through a model when one is named (or the stand-in). */
async function runExtraction(args: QualityArgs): Promise<ExtractionSetResult[]> {
  if (!args.extraction) return [];
  const base = { limit: args.limit, extractWorkers: args.extractWorkers, log };
  const results = [await runWebnlg({ ...base, model: null })];
  if (args.model === 'stand-in') {
    const standIn = await startExtractionStandIn();
    try {
      const result = await runWebnlg({ ...base, model: { host: standIn.host, name: STAND_IN_MODEL } });
      results.push({ ...result, extractor: 'ollama stand-in (answers with the built-in reading)' });
      // Every chunk the stand-in did not answer went to the built-in fallback: the count says the model path ran.
      log(`the stand-in answered ${standIn.chats.length} extraction requests`);
    } finally {
      await standIn.stop();
    }
  } else if (args.model !== null) {
    results.push(await runWebnlg({ ...base, model: args.model }));
  }
  return results;
}

await main();
