import { Option, type Command } from 'commander';
import type { KbClient } from '../../client/kb-client';
import { TOOL_MODES, queryFor, type ToolMode } from '../../client/modes';
import type { FactOut, QueryOptions, SourceRef } from '../../client/types';
import { isWeakMatch } from '../../shared/coverage';
import { cliClient, type GlobalOptions } from '../cli-client';
import { CliExit, EXIT } from '../exit-codes';
import { out, placeOf, styleFor } from '../output';

interface QueryCliOptions {
  mode: ToolMode;
  depth?: 'basic' | 'thinking' | 'research';
  session?: string;
  keep?: boolean;
  model?: string;
  upload?: string[];
  json?: boolean;
}

const style = styleFor(process.stdout);
/** The question's words no document holds, as a sentence to print after a refusal or a weak match. */
const absentNote = (words: string[] | undefined): string => (words && words.length > 0 ? ` No document mentions ${words.map((w) => `"${w}"`).join(', ')}.` : '');
const weakMatch = (coverage: number | undefined, absent: string[] | undefined): void => {
  if (isWeakMatch(coverage)) out.note(style.yellow(`Weak match (coverage ${coverage.toFixed(2)}): the sources may not answer this.${absentNote(absent)}`));
};
const noCoverage = (absent: string[] | undefined): CliExit => new CliExit(EXIT.insufficientCoverage, `The knowledge base holds nothing relevant to this question.${absentNote(absent)}`);

function printSources(sources: SourceRef[]): void {
  if (sources.length === 0) return;
  out.line(style.bold('\nSources'));
  sources.forEach((s, i) => {
    const place = placeOf(s);
    out.line(`  [${i + 1}] ${s.title}${place ? ` (${place})` : ''} ${style.dim(s.chunk_id)}`);
  });
}

function printFacts(facts: FactOut[]): void {
  for (const f of facts) out.line(`${f.subject} ${style.cyan(f.predicate)} ${f.object} ${style.dim(`${f.confidence.toFixed(2)} · ${f.source.title}`)}`);
}

/** chat, expert, brainstorm: the answer streams to the terminal as it is written. */
async function streamAnswer(client: KbClient, request: QueryOptions): Promise<void> {
  let session: string | undefined;
  let coverage: number | undefined;
  let absent: string[] | undefined;
  for await (const event of client.queryStream(request)) {
    if (event.type === 'metadata') ({ session_id: session, coverage, absent_words: absent } = event.data);
    else if (event.type === 'reasoning') {
      for (const step of event.data.steps) out.line(style.dim(`${step.step}. ${step.thought}`));
      out.line();
    } else if (event.type === 'content') process.stdout.write(event.data.delta);
    else if (event.type === 'sources') {
      out.line();
      printSources(event.data.sources);
    } else if (event.type === 'error') throw new CliExit(EXIT.internal, `The answer failed: ${event.data.message}`);
    else if (event.type === 'done' && event.data.insufficient_coverage) throw noCoverage(absent);
  }
  weakMatch(coverage, absent);
  if (session) out.note(style.dim(`session ${session}`));
}

/** context and raw_facts: retrieved facts (and passages), no generated text. */
async function printRetrieved(client: KbClient, request: QueryOptions, mode: ToolMode): Promise<void> {
  const body = await client.query(request);
  if (body.insufficient_coverage) throw noCoverage(body.metadata.absent_words);
  weakMatch(body.metadata.coverage, body.metadata.absent_words);
  printFacts(body.facts);
  if (mode === 'raw_facts') return;
  out.line(style.bold('\nPassages'));
  for (const c of body.chunks) {
    const place = placeOf(c);
    out.line(`${style.bold(c.title)}${place ? ` (${place})` : ''} ${style.dim(c.chunk_id)}\n${c.text}\n`);
  }
}

export function queryCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command('query')
    .summary('ask a question; the answer streams with its sources')
    .argument('<question>', 'the question')
    .addOption(new Option('-m, --mode <mode>', 'context | chat | expert | brainstorm | raw_facts').choices(TOOL_MODES).default('chat'))
    .addOption(new Option('-d, --depth <depth>', 'how far to walk the graph').choices(['basic', 'thinking', 'research']))
    .option('-s, --session <session_id>', 'continue a conversation')
    .option('-k, --keep', 'start a conversation (its session id is printed on stderr)')
    .option('--model <name>', 'answer model override')
    .option('-u, --upload <upload_ids...>', 'search only these uploads')
    .option('--json', 'print the whole API response as JSON instead of streaming')
    .action(async (question: string, options: QueryCliOptions) => {
      const client = cliClient(globals());
      const request = queryFor({
        query: question,
        mode: options.mode,
        session_id: options.session,
        model: options.model,
        conversation_upload_ids: options.upload,
        query_depth: options.depth,
        maintain_context: options.keep,
      });
      if (options.json) {
        const body = await client.query(request);
        out.json(body);
        if (body.insufficient_coverage) throw new CliExit(EXIT.insufficientCoverage, '');
        return;
      }
      if (options.mode === 'context' || options.mode === 'raw_facts') return printRetrieved(client, request, options.mode);
      await streamAnswer(client, request);
    });
}
