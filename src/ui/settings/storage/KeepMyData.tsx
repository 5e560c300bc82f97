import { useState } from 'react';
import { askToKeepData } from '../../../state/actions/actions';

type Answer = 'granted' | 'refused' | 'unavailable';

const SAID: Record<Answer, string> = {
  granted: 'The browser agreed: it will keep Baton’s data even when space runs low.',
  refused:
    'The browser said no. Browsers decide by their own rules (installing Baton, bookmarking it or using it often can change their answer); until then, keep a backup.',
  unavailable: 'This browser cannot be asked. Keep a backup.',
};

/**
 * Asks the browser again, from the user's click (some grant persistence only from a user
 * gesture), and says what it answered; the button shows only while persistence is not
 * granted. The caller reads the persistence state afresh after each answer.
 */
export function KeepMyData({
  persisted,
  onAnswer,
}: {
  persisted: boolean | undefined;
  onAnswer: () => void;
}) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = async () => {
    setAsking(true);
    const granted = await askToKeepData();
    setAsking(false);
    setAnswer(granted === undefined ? 'unavailable' : granted ? 'granted' : 'refused');
    onAnswer();
  };
  // Granted already, and not by this click: nothing to ask, nothing to say.
  if (persisted !== false && answer === null) return null;
  return (
    <div className="keep-my-data">
      {persisted === false && (
        <button type="button" onClick={() => void ask()} disabled={asking}>
          Keep my data
        </button>
      )}
      <p role="status" className="muted">
        {answer ? SAID[answer] : 'Asks the browser not to clear Baton’s data when space runs low.'}
      </p>
    </div>
  );
}
