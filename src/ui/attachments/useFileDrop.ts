import { type DragEvent, useEffect, useState } from 'react';
import { attachFiles } from '../../state/actions/actions';
import { currentContextRoom } from './contextRoom';

function carriesFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return event.dataTransfer?.types.includes('Files') === true;
}

/**
 * Files dropped anywhere on the chat and composer are attached. A drop elsewhere on the
 * page is swallowed: the browser would otherwise open the file in place of the app.
 */
export function useFileDrop() {
  const [over, setOver] = useState(false);

  useEffect(() => {
    const swallow = (event: globalThis.DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', swallow);
    window.addEventListener('drop', swallow);
    return () => {
      window.removeEventListener('dragover', swallow);
      window.removeEventListener('drop', swallow);
    };
  }, []);

  const enter = (event: DragEvent<HTMLElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  return {
    over,
    handlers: {
      onDragEnter: enter,
      onDragOver: enter,
      onDragLeave: (event: DragEvent<HTMLElement>) => {
        // Moving onto a child is not leaving.
        const to = event.relatedTarget;
        if (!(to instanceof Node) || !event.currentTarget.contains(to)) setOver(false);
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        void attachFiles([...event.dataTransfer.files], currentContextRoom());
      },
    },
  };
}
