import { groupThousands } from '../../core/groupThousands';
import type { CostEstimate, CostLine } from '../../core/pricing/sessionCost';
import type { Usage } from '../../core/types/message';
import { formatUsd } from '../../core/usage/formatCost';
import { openSettings } from '../../state/actions/actions';
import { selectHandedOffTo } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { Popover } from '../overlay/Popover';

const TOKEN_ROWS: ReadonlyArray<[keyof Usage, string]> = [
  ['input', 'Input'],
  ['cacheWrite', 'Cache write'],
  ['cacheRead', 'Cache read'],
  ['output', 'Output'],
];

/** A reply that did not record its model is still counted, under this name. */
const UNRECORDED_MODEL = 'Model not recorded';

const modelName = (line: CostLine) => line.model || UNRECORDED_MODEL;

/** The session's usage popover: the four kinds of tokens, the estimated cost, and each model's share. */
export function UsagePanel({
  id,
  estimate,
  close,
}: {
  id: string;
  estimate: CostEstimate | null;
  /** Closes it, the focus back on its button. */
  close(): void;
}) {
  const handedOff = useBaton((s) => selectHandedOffTo(s).length > 0);
  return (
    <Popover id={id} label="Session usage" placement="below-end" className="usage-popover" onClose={close}>
      {estimate ? (
        <UsageDetails estimate={estimate} handedOff={handedOff} />
      ) : (
        <p>The session is still being read; its usage follows in a moment.</p>
      )}
      <button
        type="button"
        onClick={() => {
          close();
          openSettings(true, 'model');
        }}
      >
        Edit prices
      </button>
    </Popover>
  );
}

function UsageDetails({ estimate, handedOff }: { estimate: CostEstimate; handedOff: boolean }) {
  const unpriced = estimate.lines.filter((line) => line.cost === undefined).map(modelName);
  return (
    <>
      <table className="usage-table">
        <thead>
          <tr>
            <td />
            <th scope="col">Tokens</th>
          </tr>
        </thead>
        <tbody>
          {TOKEN_ROWS.map(([field, label]) => (
            <tr key={field}>
              <th scope="row">{label}</th>
              <td>{groupThousands(estimate.usage[field])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="usage-cost">
        Estimated cost:{' '}
        <strong>
          {estimate.cost === undefined
            ? 'not known'
            : estimate.partial
              ? `at least ${formatUsd(estimate.cost)}`
              : formatUsd(estimate.cost)}
        </strong>
      </p>
      {estimate.lines.length > 1 && (
        <ul className="usage-models" aria-label="By model">
          {estimate.lines.map((line) => (
            <li key={line.model}>
              <span className="usage-model">{modelName(line)}</span>{' '}
              <span className="usage-model-tokens">{lineTokens(line.usage)}</span>{' '}
              <span className="usage-model-cost">
                {line.cost === undefined ? 'no price' : formatUsd(line.cost)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {unpriced.length > 0 && (
        <p className="popover-help">
          No price is known for {unpriced.join(', ')}, so {unpriced.length === 1 ? 'its' : 'their'} tokens are
          counted but not priced. Edit prices to add one.
        </p>
      )}
      {estimate.unreadable > 0 && (
        <p className="popover-help">
          {estimate.unreadable === 1 ? 'One reply' : `${groupThousands(estimate.unreadable)} replies`} had
          usage that could not be read, and {estimate.unreadable === 1 ? 'is' : 'are'} not counted.
        </p>
      )}
      <p className="popover-help">
        From the tokens the API reported for every reply of this session, edited-away branches included, at
        the prices in Settings.
        {handedOff && ' Requests that condensed the conversation for its handoff are not counted.'}
      </p>
    </>
  );
}

function lineTokens(usage: Usage): string {
  return TOKEN_ROWS.map(([field, label]) => `${groupThousands(usage[field])} ${label.toLowerCase()}`).join(
    ' · ',
  );
}
