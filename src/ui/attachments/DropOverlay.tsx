/**
 * Shown while files are dragged over the chat. The sentence is also said once through a
 * live region that is always present (a region added with its text is often not read).
 */
export function DropOverlay({ over }: { over: boolean }) {
  return (
    <>
      <div className="visually-hidden" aria-live="polite">
        {over ? 'Drop files to attach' : ''}
      </div>
      {over && (
        <div className="drop-overlay" aria-hidden="true" data-testid="drop-overlay">
          Drop files to attach
        </div>
      )}
    </>
  );
}
