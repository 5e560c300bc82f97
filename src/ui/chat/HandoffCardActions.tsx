import { useState } from 'react';
import { titleSlug } from '../../core/exchange/exportFileName';

/** The document's download name, from the session's title: `handoff-<title>.md`. */
export function handoffFileName(sessionTitle: string): string {
  return `handoff-${titleSlug(sessionTitle)}.md`;
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Copy and "Download .md" for the document as the user reads it (without the wrapper). */
export function HandoffCardActions({ document, sessionTitle }: { document: string; sessionTitle: string }) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(document);
      setCopyState('copied');
    } catch {
      // The browser can refuse (no permission, page not focused); say so rather than pretend.
      setCopyState('failed');
    }
  };
  return (
    <div className="handoff-card-actions">
      <button type="button" onClick={() => void copy()}>
        Copy
      </button>
      <button type="button" onClick={() => download(document, handoffFileName(sessionTitle))}>
        Download .md
      </button>
      <span className="muted" aria-live="polite">
        {copyState === 'copied' && 'Copied'}
        {copyState === 'failed' && 'Could not copy: the browser refused access to the clipboard'}
      </span>
    </div>
  );
}
