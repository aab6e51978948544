import { useEffect, useRef, useState } from 'react';

const hasFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** Files dropped anywhere on the window are ingested; the overlay shows while files are dragged over it. */
export function DropOverlay(props: { onFiles: (files: File[]) => void }): React.JSX.Element | null {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const { onFiles } = props;

  useEffect(() => {
    const enter = (e: DragEvent): void => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current += 1;
      setOver(true);
    };
    const overHandler = (e: DragEvent): void => {
      if (hasFiles(e)) e.preventDefault();
    };
    const leave = (): void => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    };
    const drop = (e: DragEvent): void => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length > 0) onFiles(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [onFiles]);

  if (!over) return null;
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div>Drop to add to your knowledge base</div>
    </div>
  );
}
