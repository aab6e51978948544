import { useCallback, useRef, useState } from 'react';
import type { Api } from '../../api/desk-api';
import { DocumentLibrary } from './document-library';
import { formatBytes } from './format';
import type { IngestItem, Uploads } from './use-uploads';
import { WatchedFolders } from './watched-folders';

const ACCEPT = '.pdf,.csv,.md,.markdown,.txt,.docx,application/pdf,text/csv,text/markdown,text/plain';

/** Add knowledge (drop, pick, paste) and see every item's progress; below, the document library. */
export function IngestView(props: { api: Api; uploads: Uploads; notify: (m: string) => void }): React.JSX.Element {
  const picker = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  const [content, setContent] = useState('');
  const { uploads } = props;
  // Both only grow, so their sum changes whenever either does: the document list reloads.
  const [folderChanges, setFolderChanges] = useState(0);
  const onFolderChange = useCallback(() => setFolderChanges((n) => n + 1), []);

  return (
    <div className="page">
      <h1>Library &amp; ingest</h1>
      <p className="lead">Add PDF, Markdown, CSV, Word or text files, or paste text. Everything stays on this machine.</p>
      <div className="ingest-grid">
        <section className="dropzone" aria-labelledby="drop-title">
          <strong id="drop-title">Drop files anywhere in the window</strong>
          <p className="muted">PDF (scans too), Markdown, CSV, DOCX and plain text</p>
          <button type="button" className="btn primary" onClick={() => picker.current?.click()}>
            Choose files…
          </button>
          <input
            ref={picker}
            type="file"
            multiple
            accept={ACCEPT}
            className="visually-hidden"
            aria-label="Choose files to add"
            data-testid="file-input"
            tabIndex={-1}
            onChange={(e) => {
              uploads.addFiles(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
        </section>
        <form
          className="card"
          aria-labelledby="paste-title"
          onSubmit={(e) => {
            e.preventDefault();
            if (!content.trim()) return;
            uploads.addText(title.trim(), content, tags.split(',').map((t) => t.trim()).filter(Boolean));
            setContent('');
            setTitle('');
            setTags('');
            props.notify('Text added');
          }}
        >
          <h2 id="paste-title" style={{ fontSize: 15, margin: '0 0 10px' }}>
            Paste text
          </h2>
          <div className="row">
            <div className="field grow">
              <label htmlFor="paste-title-input">Title</label>
              <input id="paste-title-input" className="input" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Untitled" />
            </div>
            <div className="field grow">
              <label htmlFor="paste-tags">Tags (comma separated)</label>
              <input id="paste-tags" className="input" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="science, notes" />
            </div>
          </div>
          <div className="field">
            <label htmlFor="paste-content">Text</label>
            <textarea id="paste-content" className="input" rows={4} value={content} onChange={(e) => setContent(e.target.value)} />
          </div>
          <button type="submit" className="btn primary" disabled={!content.trim()}>
            Add text
          </button>
        </form>
      </div>

      {uploads.items.length > 0 ? (
        <section aria-labelledby="progress-title" style={{ marginBottom: 28 }}>
          <div className="row">
            <h2 id="progress-title" className="grow" style={{ fontSize: 15, margin: 0 }}>
              In progress and recent
            </h2>
            <button type="button" className="btn small" onClick={uploads.clearFinished}>
              Clear finished
            </button>
          </div>
          <ul className="uploads">
            {uploads.items.map((item) => (
              <UploadRow key={item.key} item={item} />
            ))}
          </ul>
        </section>
      ) : null}

      <WatchedFolders api={props.api} notify={props.notify} onIndexedChange={onFolderChange} />

      <DocumentLibrary api={props.api} refreshKey={uploads.completedCount + folderChanges} notify={props.notify} />
    </div>
  );
}

function UploadRow({ item }: { item: IngestItem }): React.JSX.Element {
  const percent = Math.round(item.progress * 100);
  return (
    <li className={`upload-row ${item.state}`} data-testid="upload-row" data-state={item.state}>
      <div style={{ minWidth: 0 }}>
        <div className="name" title={item.name}>
          {item.name}
        </div>
        <div className="state" data-testid="upload-state">
          {item.kind === 'text' ? 'Pasted text' : formatBytes(item.bytes)} · {item.message}
        </div>
      </div>
      <div className="bar" role="progressbar" aria-label={`${item.name} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${item.state === 'failed' ? 100 : Math.max(percent, item.stage === 'sending' ? 3 : 6)}%` }} />
      </div>
    </li>
  );
}
