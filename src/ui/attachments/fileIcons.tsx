/** The small marks that tell a PDF from a text file at a glance; the words beside them say it too. */
export function FileIcon({ kind }: { kind: 'pdf' | 'text' }) {
  return (
    <span className={`file-icon file-icon-${kind}`} aria-hidden="true">
      {kind === 'pdf' ? 'PDF' : 'TXT'}
    </span>
  );
}
