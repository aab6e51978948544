import { useState } from 'react';
import { ModelSetupPanel } from './model-setup-panel';
import type { ModelSetupState } from './use-model-setup';

const DISMISSED = 'knowledge-desk.model-setup-dismissed';

/**
 * Shown above the views on a first run, when no model writes answers and search matches words
 * only: one line that opens the model setup in place. "Not now" hides it on this machine; Settings
 * keeps the same setup.
 */
export function FirstRunPanel({ setup }: { setup: ModelSetupState }): React.JSX.Element | null {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED) === '1');
  const [open, setOpen] = useState(false);
  // Shown once setup was needed; stays while the user works in it, even after it is no longer needed.
  const [seen, setSeen] = useState(false);
  const needed = setup.status?.needs_setup === true;
  if (needed && !seen) setSeen(true);
  if (dismissed || setup.forbidden || !(needed || (seen && open))) return null;
  const close = (): void => {
    localStorage.setItem(DISMISSED, '1');
    setDismissed(true);
  };
  return (
    <section className="first-run" aria-labelledby="first-run-title" data-testid="first-run">
      <div className="row">
        <h2 id="first-run-title" className="grow">
          {needed ? 'Set up models' : 'Models are set up'}
        </h2>
        {needed ? (
          <span className="muted grow">Answers quote your documents and search matches words until models are installed.</span>
        ) : null}
        {!open ? (
          <button type="button" className="btn small primary" onClick={() => setOpen(true)}>
            Set up
          </button>
        ) : null}
        <button type="button" className="btn small" onClick={close}>
          {needed ? 'Not now' : 'Close'}
        </button>
      </div>
      {open ? <ModelSetupPanel setup={setup} /> : null}
    </section>
  );
}
