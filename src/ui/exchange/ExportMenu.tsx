import type { ExportFormat } from '../../state/actions/actions';
import { selectInChain } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { Icon } from '../icons/Icon';
import { usePopover } from '../overlay/usePopover';
import './exchange.css';
import { lazyPart } from '../lazyPart';

// The popover's content loads on first open (initial JS, bench P5).
const ExportPopover = lazyPart(() => import('./ExportPopover').then((m) => m.ExportPopover));

/** The status line's "Export" popover: the open session or its handoff chain, as JSONL or Markdown. */
export function ExportMenu() {
  const popover = usePopover();
  const hasEntries = useBaton((s) => s.entries.length > 0);
  const inChain = useBaton(selectInChain);
  const run = (work: (format: ExportFormat) => Promise<void>, format: ExportFormat) => {
    popover.close();
    void work(format);
  };

  return (
    <div className="export-menu popover-anchor" ref={popover.anchorRef}>
      <button
        type="button"
        className="icon-button"
        disabled={!hasEntries}
        title={hasEntries ? 'Export this session' : 'Nothing to export yet'}
        {...popover.buttonProps}
      >
        <Icon name="export" />
        <span className="button-label">Export</span>
      </button>
      {popover.open && (
        <ExportPopover id={popover.panelId} inChain={inChain} run={run} close={popover.close} />
      )}
    </div>
  );
}
