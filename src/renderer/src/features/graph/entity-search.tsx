import { useEffect, useState } from 'react';
import type { EntityOut } from '../../../../shared/graph-schemas';
import type { EntityTypeName } from '../../../../client/index';
import type { Api } from '../../api/desk-api';
import { colorOf } from './type-colors';

/** A combobox: type part of a name, pick with the arrow keys and Enter (or a click). */
export function EntitySearch(props: { api: Api; types: EntityTypeName[]; onPick: (entity: EntityOut) => void }): React.JSX.Element {
  const [text, setText] = useState('');
  const [found, setFound] = useState<EntityOut[]>([]);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const { api, types } = props;

  useEffect(() => {
    if (!text.trim()) {
      setFound([]);
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      api.searchEntities(text, { type: types, min_degree: 0, limit: 12 }).then(
        (r) => {
          if (!live) return;
          setFound(r.entities);
          setActive(0);
          setOpen(true);
        },
        () => live && setFound([]),
      );
    }, 150);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [api, text, types]);

  const pick = (entity: EntityOut | undefined): void => {
    if (!entity) return;
    setOpen(false);
    setText(entity.name);
    props.onPick(entity);
  };

  return (
    <div className="field search-box">
      <label htmlFor="entity-search">Find an entity</label>
      <input
        id="entity-search"
        className="input"
        role="combobox"
        aria-expanded={open && found.length > 0}
        aria-controls="entity-suggestions"
        aria-autocomplete="list"
        aria-activedescendant={open && found[active] ? `entity-option-${active}` : undefined}
        placeholder="e.g. Marie Curie"
        value={text}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, found.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter') {
            e.preventDefault();
            pick(found[active]);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && found.length > 0 ? (
        <ul id="entity-suggestions" className="suggestions" role="listbox" aria-label="Matching entities">
          {found.map((entity, i) => (
            <li
              key={entity.entity_id}
              id={`entity-option-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(entity);
              }}
            >
              <span>
                <span className="dot" style={{ background: colorOf(entity.type) }} /> {entity.name}
              </span>
              <span className="muted">
                {entity.type} · {entity.degree}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
