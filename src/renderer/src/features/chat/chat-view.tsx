import { useEffect, useMemo, useRef, useState } from 'react';
import type { Api } from '../../api/desk-api';
import type { PassageRequest } from '../../components/passage-panel';
import { useAsync } from '../../components/use-async';
import { ConversationList } from './conversation-list';
import { AssistantMessage } from './message-item';
import { dropSources } from './sources-cache';
import { useChat, type Mode } from './use-chat';

const MODES: { id: Mode; label: string; hint: string }[] = [
  { id: 'chat', label: 'Chat', hint: 'Concise answer from the direct facts' },
  { id: 'thinking', label: 'Thinking', hint: 'Two hops across documents, with reasoning' },
  { id: 'research', label: 'Research', hint: 'Walks the graph until nothing new turns up' },
  { id: 'facts', label: 'Facts only', hint: 'The matching facts and their sources, no written answer' },
];

/** Ask questions: conversations on the left, the streamed, cited answers in the middle. */
export function ChatView(props: { api: Api; onOpenPassage: (r: PassageRequest) => void; notify: (m: string) => void }): React.JSX.Element {
  const { api, notify } = props;
  const list = useAsync(() => api.listConversations(200), [api]);
  const chatOptions = useMemo(() => ({ onSessionChange: () => list.reload() }), [list.reload]);
  const chat = useChat(api, chatOptions);
  const [question, setQuestion] = useState('');
  const [mode, setMode] = useState<Mode>('chat');
  const input = useRef<HTMLTextAreaElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const lastLength = chat.turns.at(-1)?.content.length ?? 0;

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [chat.turns.length, lastLength]);
  useEffect(() => {
    input.current?.focus();
  }, [chat.sessionId]);

  const ask = (text: string, how: Mode): void => {
    if (!text.trim() || chat.busy) return;
    setQuestion('');
    void chat.send(text.trim(), how);
  };
  const copy = (text: string): void => {
    navigator.clipboard.writeText(text).then(
      () => notify('Answer copied'),
      () => notify('Copying is not allowed here'),
    );
  };
  const lastQuestion = [...chat.turns].reverse().find((t) => t.role === 'user')?.content ?? '';

  return (
    <div className="chat">
      <ConversationList
        conversations={list.data ?? []}
        activeId={chat.sessionId}
        onOpen={(id) => void chat.open(id).catch((e: unknown) => notify(String(e)))}
        onRename={async (id, title) => {
          await api.renameConversation(id, title);
          list.reload();
        }}
        onDelete={async (id) => {
          await api.deleteConversation(id);
          dropSources(id);
          if (id === chat.sessionId) await chat.open(null);
          list.reload();
          notify('Conversation deleted');
        }}
      />
      <section className="thread-wrap" aria-label="Conversation">
        <div className="thread" aria-live="polite">
          <div className="thread-inner">
            {chat.turns.length === 0 ? (
              <div className="empty-chat">
                <h2>Ask your knowledge base</h2>
                <p>Answers come only from what you added, and every sentence cites the passage it came from.</p>
              </div>
            ) : null}
            {chat.turns.map((turn) =>
              turn.role === 'user' ? (
                <div key={turn.id} className="msg user">
                  {turn.content}
                </div>
              ) : (
                <AssistantMessage
                  key={turn.id}
                  turn={turn}
                  onOpenPassage={props.onOpenPassage}
                  onCopy={copy}
                  onSuggest={(m) => {
                    setMode(m);
                    ask(lastQuestion, m);
                  }}
                />
              ),
            )}
            <div ref={bottom} />
          </div>
        </div>
        <form
          className="composer"
          onSubmit={(e) => {
            e.preventDefault();
            ask(question, mode);
          }}
        >
          <div className="composer-inner">
            <fieldset className="modes" style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
              <legend className="visually-hidden">Answer mode</legend>
              {MODES.map((m) => (
                <label key={m.id} title={m.hint}>
                  <input type="radio" name="mode" value={m.id} checked={mode === m.id} onChange={() => setMode(m.id)} />
                  {m.label}
                </label>
              ))}
            </fieldset>
            <div className="compose-row">
              <label htmlFor="question" className="visually-hidden">
                Question
              </label>
              <textarea
                id="question"
                ref={input}
                className="input"
                rows={2}
                placeholder="Ask a question about your documents…"
                value={question}
                onChange={(e) => setQuestion(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                    e.preventDefault();
                    ask(question, mode);
                  }
                  if (e.key === 'Escape' && chat.busy) {
                    e.preventDefault();
                    chat.stop();
                  }
                }}
              />
              {chat.busy ? (
                <button type="button" className="btn" onClick={chat.stop}>
                  Stop
                </button>
              ) : (
                <button type="submit" className="btn primary" disabled={!question.trim()}>
                  Send
                </button>
              )}
            </div>
            <div className="kbd-hint">Enter sends · Shift+Enter adds a line · Escape stops the answer</div>
          </div>
        </form>
      </section>
    </div>
  );
}
