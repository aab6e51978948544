import { useEffect, useRef, useState } from 'react';
import type { ChunkDetail } from '../../../client/index';
import type { Api } from '../api/desk-api';
import { fileOpener } from '../api/connection';
import { useAsync } from './use-async';
import { findHighlight, type Range } from './highlight';

/** What to open: a chunk, and optionally the exact sentence (offsets) or quoted text to highlight. */
export interface PassageRequest {
  chunkId: string;
  range?: Range;
  quote?: string;
  /** Shown above the passage, e.g. "Source 2". */
  label?: string;
}

function where(chunk: ChunkDetail): string {
  const parts = [chunk.page !== null ? `page ${chunk.page}` : null, chunk.row !== null ? `row ${chunk.row}` : null, chunk.section];
  const located = parts.filter(Boolean).join(' · ');
  return located ? `${located} · passage ${chunk.ordinal + 1}` : `passage ${chunk.ordinal + 1}`;
}

/**
 * The cited passage beside the conversation or graph: its document, where in it (page, CSV row,
 * heading), and the passage with the cited sentence highlighted and scrolled into view.
 */
export function PassagePanel(props: { api: Api; request: PassageRequest; onClose: () => void }): React.JSX.Element {
  const { data: chunk, error } = useAsync(() => props.api.getChunk(props.request.chunkId), [props.api, props.request.chunkId]);
  const heading = useRef<HTMLHeadingElement>(null);
  const marked = useRef<HTMLElement>(null);
  const { onClose } = props;

  useEffect(() => {
    heading.current?.focus();
  }, [props.request]);
  useEffect(() => {
    marked.current?.scrollIntoView({ block: 'center' });
  }, [chunk, props.request]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const range = chunk ? findHighlight(chunk.text, props.request.range, props.request.quote) : null;
  return (
    <aside className="drawer" aria-label="Cited passage" data-testid="passage-panel">
      <header>
        <div className="grow">
          <h2 ref={heading} tabIndex={-1}>
            {chunk ? chunk.title : 'Opening passage…'}
          </h2>
          {chunk ? (
            <div className="where" data-testid="passage-where">
              {props.request.label ? `${props.request.label} · ` : ''}
              {where(chunk)}
            </div>
          ) : null}
          {chunk?.source ? <FolderFile file={chunk.source} /> : null}
        </div>
        <button type="button" className="btn small" onClick={props.onClose}>
          Close
        </button>
      </header>
      <div className="body">
        {error ? <p className="error-text">{error}</p> : null}
        {chunk && range ? (
          <>
            {chunk.text.slice(0, range.start)}
            <mark ref={marked} data-testid="passage-highlight">
              {chunk.text.slice(range.start, range.end)}
            </mark>
            {chunk.text.slice(range.end)}
          </>
        ) : null}
      </div>
    </aside>
  );
}

/** A watched folder's file: its path, and in the desktop window a button that opens it. */
function FolderFile({ file }: { file: { folder_id: string; path: string } }): React.JSX.Element {
  const open = fileOpener();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="where" data-testid="passage-file">
      <span title="The file in your watched folder">{file.path}</span>
      {open ? (
        <button type="button" className="btn small" onClick={() => void open(file.folder_id, file.path).then(setProblem)}>
          Open file
        </button>
      ) : null}
      {problem ? <span className="error-text"> {problem}</span> : null}
    </div>
  );
}
