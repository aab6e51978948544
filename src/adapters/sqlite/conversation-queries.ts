import type { KnowledgeStore } from '../../core/ports';
import type { MessageRecord } from '../../core/model';
import type { Db } from './open-database';
import { toConversation, type ConversationRow } from './rows';

type ConversationPart = Pick<
  KnowledgeStore,
  | 'createConversation'
  | 'getConversation'
  | 'listConversations'
  | 'renameConversation'
  | 'softDeleteConversation'
  | 'appendMessages'
  | 'getMessages'
>;

const PREVIEW_CHARS = 160;

export function createConversationQueries(db: Db): ConversationPart {
  const s = {
    insert: db.prepare(
      `INSERT INTO conversations (id, title, created_at, last_updated, turn_count, preview, deleted_at)
       VALUES (@id, @title, @createdAt, @lastUpdated, @turnCount, @preview, @deletedAt)`,
    ),
    get: db.prepare<[string], ConversationRow>('SELECT * FROM conversations WHERE id = ?'),
    list: db.prepare<[number], ConversationRow>(
      'SELECT * FROM conversations WHERE deleted_at IS NULL ORDER BY last_updated DESC, id LIMIT ?',
    ),
    rename: db.prepare('UPDATE conversations SET title = ?, last_updated = ? WHERE id = ?'),
    softDelete: db.prepare('UPDATE conversations SET deleted_at = ? WHERE id = ?'),
    insertMessage: db.prepare(
      'INSERT INTO messages (conversation_id, role, content, entities, timestamp) VALUES (?, ?, ?, ?, ?)',
    ),
    touch: db.prepare(
      'UPDATE conversations SET last_updated = ?, preview = ?, turn_count = turn_count + ? WHERE id = ?',
    ),
    messages: db.prepare<[string], { role: string; content: string; entities: string; timestamp: string }>(
      'SELECT role, content, entities, timestamp FROM messages WHERE conversation_id = ? ORDER BY id',
    ),
  };
  const append = db.transaction((id: string, messages: MessageRecord[]) => {
    for (const m of messages) s.insertMessage.run(id, m.role, m.content, JSON.stringify(m.entities), m.timestamp);
    const last = messages.at(-1);
    if (!last) return;
    const turns = messages.filter((m) => m.role === 'user').length;
    s.touch.run(last.timestamp, last.content.slice(0, PREVIEW_CHARS), turns, id);
  });
  return {
    createConversation: async (c) => void s.insert.run(c),
    getConversation: async (id) => {
      const row = s.get.get(id);
      return row ? toConversation(row) : null;
    },
    listConversations: async (limit) => s.list.all(limit).map(toConversation),
    renameConversation: async (id, title, at) => void s.rename.run(title, at, id),
    softDeleteConversation: async (id, at) => void s.softDelete.run(at, id),
    appendMessages: async (id, messages) => append(id, messages),
    getMessages: async (id) =>
      s.messages.all(id).map((r) => ({
        role: r.role === 'assistant' ? 'assistant' : 'user',
        content: r.content,
        timestamp: r.timestamp,
        entities: JSON.parse(r.entities) as string[],
      })),
  };
}
