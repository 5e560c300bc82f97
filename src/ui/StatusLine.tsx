import type { ReactNode } from 'react';
import { useId } from 'react';
import { toolRoundLabel } from '../core/agent/toolRounds';
import { openSettings } from '../state/actions/actions';
import { selectCurrentModel } from '../state/store/selectors';
import { useBaton } from '../state/store/useBaton';
import { contextMeterView } from './contextMeter';
import { Icon } from './icons/Icon';
import { lazyPart } from './lazyPart';
import { SwitchModelButton } from './models/SwitchModelButton';
import { MeterExplanation } from './pricing/MeterExplanation';
import { SessionCost } from './usage/SessionCost';
import './contextMeter.css';
import './statusLine.css';

// After the first paint, in one chunk (initial JS budget): the price, the paste counter
// and their sentences; Export; the Files button (issue 26).
const laterControls = () => import('./laterControls');
const NextTurnPrice = lazyPart(() => laterControls().then((m) => m.NextTurnPrice));
const ExportMenu = lazyPart(() => laterControls().then((m) => m.ExportMenu));
const FilesButton = lazyPart(() => laterControls().then((m) => m.FilesMount));

/** `start` and `end` are App's buttons for the drawers, at the ends of the one row of chrome. */
export function StatusLine({ start, end }: { start?: ReactNode; end?: ReactNode }) {
  const settings = useBaton((s) => s.settings);
  const isStreaming = useBaton((s) => s.isStreaming);
  const handoff = useBaton((s) => s.handoff.status);
  const entries = useBaton((s) => s.entries);
  const model = useBaton(selectCurrentModel);
  const saveError = useBaton((s) => s.saveError);
  const retryStatus = useBaton((s) => s.retryStatus);
  const opening = useBaton((s) => s.openingSessionId !== null);
  const toolRounds = useBaton((s) => s.toolRounds);
  const meter = contextMeterView(entries, settings, model);
  const explanationId = useId();
  const state =
    handoff === 'generating'
      ? 'Writing handoff'
      : handoff === 'switching'
        ? 'Switching'
        : isStreaming
          ? 'Replying'
          : opening
            ? 'Loading…'
            : 'Ready';
  return (
    <header className="status-line">
      {start}
      <SwitchModelButton />
      <span className="status-state" data-testid="agent-state">
        {state}
      </span>
      {toolRounds && !toolRounds.paused && isStreaming && (
        <span className="status-tool-rounds" data-testid="tool-rounds">
          {toolRoundLabel(toolRounds)}
        </span>
      )}
      {retryStatus && <span className="status-retry">{retryStatus}</span>}
      <span className="context-meter">
        {/* biome-ignore lint/a11y/useSemanticElements: a styled bar; the native <meter> cannot be themed alike in every browser. */}
        <span
          // Focusable so its explanation can be reached from the keyboard, not only by hovering.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the explanation opens on focus.
          tabIndex={0}
          aria-describedby={explanationId}
          role="meter"
          aria-label="Context used"
          aria-valuemin={0}
          aria-valuemax={meter.window}
          aria-valuenow={meter.used}
          aria-valuetext={`${meter.label} tokens (${meter.percent}%${meter.full ? ', full' : ''})`}
          className={`context-bar${meter.overThreshold ? ' context-bar-full' : ''}`}
        >
          <span className="context-bar-fill" style={{ width: `${meter.percent}%` }} />
        </span>
        <MeterExplanation id={explanationId} />
        <span className="context-count" data-testid="context-count">
          {meter.label}
        </span>
        <NextTurnPrice meter={meter} />
      </span>
      {saveError && <span className="status-save-error">{saveError}</span>}
      <span className="spacer" />
      <SessionCost />
      <FilesButton />
      <ExportMenu />
      <button
        type="button"
        className="icon-button icon-only"
        title="Settings"
        onClick={() => openSettings(true)}
      >
        <Icon name="settings" />
        <span className="button-label">Settings</span>
      </button>
      {end}
    </header>
  );
}
