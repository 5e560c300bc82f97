import { showVersion } from '../../state/actions/actions';
import type { VersionPlace } from '../../state/slices/session/branchMarks';

/** "‹ 2 / 3 ›": the versions of a message (retried replies, edited messages), one shown at a time. */
export function VersionSwitcher({ place, disabled }: { place: VersionPlace; disabled: boolean }) {
  const { previousId, nextId } = place;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset.
    <span className="version-switcher" role="group" aria-label="Versions">
      <button
        type="button"
        className="action-button"
        aria-label="Previous version"
        title="Previous version"
        disabled={disabled || previousId === undefined}
        onClick={() => previousId !== undefined && void showVersion(previousId)}
      >
        ‹
      </button>
      <span className="version-count">
        {place.position} / {place.count}
      </span>
      <button
        type="button"
        className="action-button"
        aria-label="Next version"
        title="Next version"
        disabled={disabled || nextId === undefined}
        onClick={() => nextId !== undefined && void showVersion(nextId)}
      >
        ›
      </button>
    </span>
  );
}
