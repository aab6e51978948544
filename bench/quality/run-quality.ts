/**
 * Retrieval quality of the real server, through its HTTP API, with no language model and no
 * neural embedder: XQuAD (single-hop) and HotpotQA (two-hop) each stored in its own data folder,
 * every question asked, scored by the gold documents' titles; BM25 alone beside the full pipeline.
 *
 *   npm run bench:quality                          # both sets, every question (a few minutes)
 *   npm run bench:quality -- --quick               # 50 questions per set (plus the 50 off-topic)
 *   npm run bench:quality -- --sets hotpotqa       # one set
 *
 * It prints figures and never asserts. The same figures go to bench/results/quality.json
 * (git-ignored) so runs can be compared.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { machineInfo } from '../machine';
import { machineSection } from '../report';
import { parseQualityArgs } from './quality-args';
import { corpusTable, qualityTable, targetsTable } from './quality-report';
import { loadSet, offTopicQuestions } from './quality-sets';
import { checkQualityTargets } from './quality-targets';
import { runSet, type SetResult } from './run-set';

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
    sets.push(await runSet(loadSet(name), { limit: args.limit, offTopic, extractWorkers: args.extractWorkers, log }));
  }
  const targets = checkQualityTargets(sets.flatMap((s) => s.runs));
  print(corpusTable(sets));
  print(qualityTable(sets));
  print(targetsTable(targets));
  // The machine is shared: latency means little without how busy it was.
  const load = { atStart: loadAverage, atEnd: loadavg()[0] ?? 0 };
  print(`Load average (1 min) at start ${load.atStart.toFixed(1)}, at end ${load.atEnd.toFixed(1)} on ${machine.cpuCount} cores`);

  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}quality.json`;
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), machine, load, args, seconds, sets, targets }, null, 2)}\n`);
  log(`finished in ${seconds.toFixed(0)} s; figures written to ${file}`);
}

await main();
