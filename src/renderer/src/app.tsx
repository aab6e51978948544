import { useCallback, useMemo, useState } from 'react';
import { forgetKey, initialConnection, type Connection } from './api/connection';
import { createApi } from './api/desk-api';
import { PassagePanel, type PassageRequest } from './components/passage-panel';
import { Toast, useToast } from './components/toast';
import { ChatView } from './features/chat/chat-view';
import { GraphView } from './features/graph/graph-view';
import { DropOverlay } from './features/ingest/drop-overlay';
import { IngestView } from './features/ingest/ingest-view';
import { useUploads } from './features/ingest/use-uploads';
import { LoginScreen } from './features/login/login-screen';
import { SettingsView } from './features/settings/settings-view';
import { FirstRunPanel } from './features/setup/first-run-panel';
import { useModelSetup } from './features/setup/use-model-setup';

type View = 'chat' | 'graph' | 'library' | 'settings';
const VIEWS: { id: View; label: string }[] = [
  { id: 'chat', label: 'Ask' },
  { id: 'graph', label: 'Graph explorer' },
  { id: 'library', label: 'Library & ingest' },
  { id: 'settings', label: 'Settings' },
];

export function App(): React.JSX.Element {
  const [connection, setConnection] = useState<Connection | null>(initialConnection);
  if (!connection) return <LoginScreen onConnected={setConnection} />;
  return (
    <Desk
      connection={connection}
      onConnectionChange={setConnection}
      onSignOut={() => {
        forgetKey();
        setConnection(null);
      }}
    />
  );
}

function Desk(props: { connection: Connection; onConnectionChange: (c: Connection) => void; onSignOut: () => void }): React.JSX.Element {
  const api = useMemo(() => createApi(props.connection), [props.connection]);
  const [view, setView] = useState<View>('chat');
  const [passage, setPassage] = useState<PassageRequest | null>(null);
  const toast = useToast();
  const uploads = useUploads(api);
  const running = uploads.items.filter((u) => u.state === 'running').length;
  const { addFiles } = uploads;
  const { show } = toast;
  const setup = useModelSetup(api, show);
  const onDrop = useCallback(
    (files: File[]) => {
      addFiles(files);
      show(`${files.length} file${files.length === 1 ? '' : 's'} added: follow them in Library & ingest`);
    },
    [addFiles, show],
  );

  return (
    <>
      <div className="shell">
        <nav className="rail" aria-label="Main">
          <div className="brand">
            Knowledge Desk<small>local · private · cited</small>
          </div>
          {VIEWS.map((v) => (
            <button key={v.id} type="button" aria-current={view === v.id ? 'page' : undefined} onClick={() => setView(v.id)}>
              {v.label}
              {v.id === 'library' && running > 0 ? <span className="badge" aria-label={`${running} files ingesting`}>{running}</span> : null}
            </button>
          ))}
          <div className="spacer" />
          <p className="hint">Drop files anywhere in this window to add them to your knowledge base.</p>
        </nav>
        <main className="view" aria-label={VIEWS.find((v) => v.id === view)?.label}>
          {view !== 'settings' && <FirstRunPanel setup={setup} />}
          {view === 'chat' && <ChatView api={api} onOpenPassage={setPassage} notify={toast.show} />}
          {view === 'graph' && <GraphView api={api} onOpenPassage={setPassage} />}
          {view === 'library' && <IngestView api={api} uploads={uploads} notify={toast.show} />}
          {view === 'settings' && (
            <SettingsView api={api} onConnectionChange={props.onConnectionChange} onSignOut={props.onSignOut} notify={toast.show} />
          )}
        </main>
        {passage ? <PassagePanel api={api} request={passage} onClose={() => setPassage(null)} /> : <div />}
      </div>
      <DropOverlay onFiles={onDrop} />
      <Toast message={toast.message} />
    </>
  );
}
