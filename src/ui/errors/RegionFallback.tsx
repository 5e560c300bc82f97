import { type ReactNode, useId } from 'react';
import { exportEverything, newSession } from '../../state/actions/actions';
import { errorText } from '../../state/store/storeAccess';
import { REGION_TEXT, type Region } from './regions';
import './regionError.css';

export interface RegionFallbackProps {
  region: Region;
  error: unknown;
  /** Draws the region again (after a passing fault, or once the user changed something). */
  retry(): void;
  /** For a dialog: closes it, so the page under it is usable again. */
  onClose?: () => void;
  /** Puts the fallback where the region sat (the sidebar keeps its landmark and drawer id). */
  frame?: (content: ReactNode) => ReactNode;
}

/** Regions from which starting afresh is a way out: the sidebar's and the chat's own. */
const OFFERS_NEW_SESSION: ReadonlySet<Region> = new Set(['sessions', 'chat', 'composer']);

/**
 * What a region shows instead of itself when drawing it failed: one sentence saying so,
 * and ways out. Export everything reads storage, not the screen, so whatever could not
 * be drawn still reaches a file.
 */
export function RegionFallback({ region, error, retry, onClose, frame }: RegionFallbackProps) {
  const titleId = useId();
  const text = REGION_TEXT[region];
  const content = (
    <section className={`region-error region-error-${region}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{text.title}</h2>
      <p role="alert">
        Baton could not draw {text.what} ({errorText(error)}). {text.waysOut}
      </p>
      <div className="region-error-actions">
        <button type="button" onClick={() => void exportEverything()}>
          Export everything
        </button>
        {OFFERS_NEW_SESSION.has(region) && (
          <button
            type="button"
            onClick={() => {
              void newSession().then(retry);
            }}
          >
            Open a new session
          </button>
        )}
        {onClose && (
          <button
            type="button"
            onClick={() => {
              onClose();
              retry();
            }}
          >
            Close
          </button>
        )}
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </section>
  );
  return frame ? frame(content) : content;
}
