import { useState } from 'react';
import type { ConversationSummary } from '../../../../shared/api-types';

interface Props {
  conversations: ConversationSummary[];
  activeId: string | null;
  onOpen: (id: string | null) => void;
  onRename: (id: string, title: string) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
}

/** The conversation sidebar: open, rename in place (Enter saves, Escape cancels), delete with a confirmation. */
export function ConversationList(props: Props): React.JSX.Element {
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);

  const save = async (id: string): Promise<void> => {
    if (draft.trim()) await props.onRename(id, draft.trim());
    setEditing(null);
  };

  return (
    <section className="conversations" aria-label="Conversations">
      <header>
        <button type="button" className="btn primary" style={{ width: '100%' }} onClick={() => props.onOpen(null)}>
          New conversation
        </button>
      </header>
      {props.conversations.length === 0 ? <p className="muted" style={{ padding: '12px 16px', margin: 0 }}>No conversations yet.</p> : null}
      <ul>
        {props.conversations.map((c) => (
          <li key={c.session_id} className={c.session_id === props.activeId ? 'active' : undefined} data-testid="conversation-item">
            {editing === c.session_id ? (
              <input
                className="input"
                aria-label="Conversation title"
                value={draft}
                autoFocus
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') void save(c.session_id);
                  if (e.key === 'Escape') {
                    e.preventDefault();
                    setEditing(null);
                  }
                }}
                onBlur={() => void save(c.session_id)}
              />
            ) : confirming === c.session_id ? (
              <>
                <span className="grow">Delete “{c.title}”?</span>
                <button type="button" className="btn small danger" onClick={() => void props.onDelete(c.session_id).then(() => setConfirming(null))}>
                  Delete
                </button>
                <button type="button" className="btn small" onClick={() => setConfirming(null)}>
                  Keep
                </button>
              </>
            ) : (
              <>
                <button type="button" className="open" onClick={() => props.onOpen(c.session_id)} aria-current={c.session_id === props.activeId ? 'true' : undefined}>
                  <span className="title">{c.title}</span>
                  <span className="preview">{c.preview || `${c.turn_count} turn${c.turn_count === 1 ? '' : 's'}`}</span>
                </button>
                <span className="actions">
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Rename ${c.title}`}
                    onClick={() => {
                      setDraft(c.title);
                      setEditing(c.session_id);
                    }}
                  >
                    Rename
                  </button>
                  <button type="button" className="icon-btn" aria-label={`Delete ${c.title}`} onClick={() => setConfirming(c.session_id)}>
                    Delete
                  </button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
