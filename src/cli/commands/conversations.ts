import type { Command } from 'commander';
import { cliClient, type GlobalOptions } from '../cli-client';
import { out, styleFor } from '../output';

const style = styleFor(process.stdout);

export function conversationsCommand(program: Command, globals: () => GlobalOptions): void {
  const conversations = program.command('conversations').alias('conv').summary('list, show, rename and delete conversations');

  conversations
    .command('list', { isDefault: true })
    .summary('recent conversations, newest first')
    .option('-n, --limit <n>', 'how many (1-200)', '50')
    .option('--json', 'print JSON')
    .action(async (options: { limit: string; json?: boolean }) => {
      const list = await cliClient(globals()).listConversations(Number(options.limit));
      if (options.json) return out.json(list);
      if (list.length === 0) return out.line('No conversations yet. Start one with: kb query --keep "…"');
      for (const c of list) out.line(`${c.session_id}  ${style.bold(c.title)}  ${style.dim(`${c.turn_count} turns · ${c.last_updated}`)}`);
    });

  conversations
    .command('show')
    .summary('one conversation with its messages')
    .argument('<session_id>')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      const detail = await cliClient(globals()).getConversation(id);
      if (options.json) return out.json(detail);
      out.line(style.bold(detail.title));
      for (const m of detail.messages) out.line(`\n${m.role === 'user' ? style.cyan('you') : style.green('kb')} ${style.dim(m.timestamp)}\n${m.content}`);
    });

  conversations
    .command('rename')
    .summary('rename a conversation')
    .argument('<session_id>')
    .argument('<title>')
    .action(async (id: string, title: string) => {
      out.line((await cliClient(globals()).renameConversation(id, title)).message);
    });

  conversations
    .command('rm')
    .alias('delete')
    .summary('delete a conversation (soft delete: kept, no longer listed)')
    .argument('<session_id>')
    .action(async (id: string) => {
      out.line((await cliClient(globals()).deleteConversation(id)).message);
    });
}
