import { CommanderError } from 'commander';
import { version } from '../../package.json';
import { CliExit, EXIT, exitCodeOf } from './exit-codes';
import { styleFor } from './output';
import { buildProgram } from './program';

/** `kb`: runs one command and exits with a documented code (see exit-codes.ts). */
async function main(argv: string[]): Promise<number> {
  const program = buildProgram(version);
  try {
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    // Commander has printed its own message; --help and --version end here too.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    const code = exitCodeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if (message) process.stderr.write(`${styleFor(process.stderr).red('kb:')} ${message}\n`);
    if (code === EXIT.internal && !(error instanceof CliExit) && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return code;
  }
}

main(process.argv).then((code) => {
  process.exitCode = code;
});
