import { setSessionThinking } from '../../state/actions/actions';
import { selectCurrentModel, selectSessionThinking } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { chosenValue, thinkingChoices } from './thinkingChoices';

/**
 * The open session's extended thinking, next to the composer. A native select: every
 * screen reader and keyboard knows it, and its name ("Thinking") says what it sets.
 */
export function ThinkingControl() {
  const model = useBaton(selectCurrentModel);
  const setting = useBaton(selectSessionThinking);
  const choices = thinkingChoices(model, setting);
  return (
    <select
      className="thinking-control"
      aria-label="Thinking"
      title="Extended thinking for this session's next replies"
      value={chosenValue(model, setting)}
      disabled={choices.length < 2}
      onChange={(e) => {
        const picked = choices.find((choice) => choice.value === e.target.value);
        if (picked) setSessionThinking(picked.setting);
      }}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
