import { useCallback, useEffect, useRef, useState } from 'react';

/** One short status line at the bottom of the window, announced to screen readers. */
export function useToast(): { message: string | null; show: (message: string) => void } {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback((text: string) => {
    setMessage(text);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setMessage(null), 3200);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { message, show };
}

export function Toast(props: { message: string | null }): React.JSX.Element {
  return (
    <div role="status" aria-live="polite">
      {props.message ? <div className="toast">{props.message}</div> : null}
    </div>
  );
}
