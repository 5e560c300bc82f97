import { describeAttachment } from '../../core/attachments/attachmentText';
import type { HandoffAttachment } from '../../core/handoff/handoffDetails';
import { openSessionAt } from '../../state/actions/actions';
import { shownName } from '../text/revealInvisibles';

/**
 * The files of the old session: the new one does not get them (the document says what
 * they held), so each links to the message that carried it there.
 */
export function HandedOnFiles({ parentId, files }: { parentId: string; files: HandoffAttachment[] }) {
  return (
    <section className="handoff-files" aria-label="Files in the earlier session">
      <span>Files in the earlier session (not sent to this one):</span>
      <ul>
        {files.map(({ entryId, attachment }) => (
          <li key={attachment.id}>
            <button
              type="button"
              className="link-button"
              onClick={() => void openSessionAt(parentId, entryId)}
            >
              {shownName(describeAttachment(attachment))}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
