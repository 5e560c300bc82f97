import { costSummary } from '../../core/usage/formatCost';
import { usePopover } from '../overlay/usePopover';
import { chainCostText } from './chainCostText';
import { useChainCost } from './useChainCost';
import { useSessionCost } from './useSessionCost';
import './usage.css';
import { lazyPart } from '../lazyPart';

// Loaded on first open: the first paint's JavaScript is kept small (bench P5).
const UsagePanel = lazyPart(() => import('./UsagePanel').then((m) => m.UsagePanel));

/**
 * The status line's cost so far, as a button that opens the session's usage. Its name
 * starts with "Session cost" and goes on with what it shows, so what is read out is what
 * is seen ("Session cost: $0.042").
 */
export function SessionCost() {
  const estimate = useSessionCost();
  const chain = useChainCost();
  const chainText = chain ? chainCostText(chain) : undefined;
  const popover = usePopover();

  return (
    <div className="session-cost popover-anchor" ref={popover.anchorRef}>
      <button
        type="button"
        className="session-cost-button"
        title="Estimated cost of this session so far (and of its handoff chain): click for its tokens"
        {...popover.buttonProps}
      >
        <span className="visually-hidden">Session cost: </span>
        {estimate ? (
          <>
            {/* Always money: a model without a price says so; its tokens are in the panel. */}
            {estimate.cost === undefined ? 'no price' : costSummary(estimate)}
            {chainText && <span className="session-cost-chain"> · {chainText}</span>}
          </>
        ) : (
          <>
            <span aria-hidden="true">…</span>
            <span className="visually-hidden">still counting</span>
          </>
        )}
      </button>
      {popover.open && <UsagePanel id={popover.panelId} estimate={estimate} close={popover.close} />}
    </div>
  );
}
