import { useMemo, useState } from 'react';
import type { DocumentRecord } from '../../../../client/index';
import type { Api } from '../../api/desk-api';
import { useAsync } from '../../components/use-async';
import { formatBytes, typeName } from './format';

type SortKey = 'newest' | 'oldest' | 'title' | 'size' | 'facts';
const SORTS: Record<SortKey, (a: DocumentRecord, b: DocumentRecord) => number> = {
  newest: (a, b) => b.created_at.localeCompare(a.created_at),
  oldest: (a, b) => a.created_at.localeCompare(b.created_at),
  title: (a, b) => a.title.localeCompare(b.title),
  size: (a, b) => b.char_count - a.char_count,
  facts: (a, b) => b.fact_count - a.fact_count,
};
const PAGE = 200;

async function allDocuments(api: Api): Promise<DocumentRecord[]> {
  const documents: DocumentRecord[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await api.listDocuments({ limit: PAGE, offset });
    documents.push(...page.documents);
    if (documents.length >= page.total || page.documents.length === 0) return documents;
  }
}

/** The documents in the knowledge base: search by title or tag, sort, delete (with a confirmation). */
export function DocumentLibrary(props: { api: Api; refreshKey: number; notify: (m: string) => void }): React.JSX.Element {
  const { data, error, reload } = useAsync(() => allDocuments(props.api), [props.api, props.refreshKey]);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('newest');
  const [confirming, setConfirming] = useState<string | null>(null);

  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const matches = (d: DocumentRecord): boolean => !needle || d.title.toLocaleLowerCase().includes(needle) || d.tags.some((t) => t.toLocaleLowerCase().includes(needle));
    return (data ?? []).filter(matches).sort(SORTS[sort]);
  }, [data, search, sort]);

  const remove = async (doc: DocumentRecord): Promise<void> => {
    try {
      await props.api.deleteDocument(doc.document_id);
      props.notify(`Deleted “${doc.title}”`);
    } catch (e) {
      props.notify(e instanceof Error ? e.message : String(e));
    }
    setConfirming(null);
    reload();
  };

  return (
    <section aria-labelledby="library-title">
      <h2 id="library-title" style={{ fontSize: 15, margin: '0 0 10px' }}>
        Documents {data ? <span className="muted">({data.length})</span> : null}
      </h2>
      <div className="library-tools">
        <label htmlFor="library-search" className="visually-hidden">
          Search documents
        </label>
        <input id="library-search" className="input grow" type="search" placeholder="Search by title or tag" value={search} onChange={(e) => setSearch(e.target.value)} />
        <label htmlFor="library-sort" className="visually-hidden">
          Sort documents
        </label>
        <select id="library-sort" className="input" style={{ width: 180 }} value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
          <option value="title">Title A–Z</option>
          <option value="size">Largest first</option>
          <option value="facts">Most facts first</option>
        </select>
      </div>
      {error ? <p className="error-text">{error}</p> : null}
      {data && data.length === 0 ? <p className="muted">Nothing here yet: drop a file or paste some text above.</p> : null}
      {shown.length > 0 ? (
        <table className="doc-table" data-testid="documents">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Type</th>
              <th scope="col" className="num">Size</th>
              <th scope="col" className="num">Passages</th>
              <th scope="col" className="num">Facts</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((d) => (
              <tr key={d.document_id} data-testid="document-row">
                <td>
                  <strong>{d.title}</strong>{' '}
                  {typeof d.source === 'object' && d.source.path !== d.title ? (
                    <span className="muted" style={{ fontSize: 12 }} title="A file in a watched folder">
                      {d.source.path}{' '}
                    </span>
                  ) : null}
                  {d.tags.map((t) => (
                    <span key={t} className="tag">
                      {t}
                    </span>
                  ))}
                </td>
                <td>{typeName(d.mime_type)}</td>
                <td className="num">{formatBytes(d.byte_size)}</td>
                <td className="num">{d.chunk_count.toLocaleString()}</td>
                <td className="num">{d.fact_count.toLocaleString()}</td>
                <td>{new Date(d.created_at).toLocaleString()}</td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  {confirming === d.document_id ? (
                    <>
                      <button type="button" className="btn small danger" onClick={() => void remove(d)}>
                        Delete for good
                      </button>{' '}
                      <button type="button" className="btn small" onClick={() => setConfirming(null)}>
                        Keep
                      </button>
                    </>
                  ) : (
                    <button type="button" className="btn small" aria-label={`Delete ${d.title}`} onClick={() => setConfirming(d.document_id)}>
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
