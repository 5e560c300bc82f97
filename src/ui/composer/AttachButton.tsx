import { useRef } from 'react';
import { IMAGE_MEDIA_TYPES, PDF_MEDIA_TYPE } from '../../core/attachments/attachmentLimits';
import { attachFiles } from '../../state/actions/actions';
import { currentContextRoom } from '../attachments/contextRoom';
import { Icon } from '../icons/Icon';

/**
 * What the picker offers first; any file can still be chosen ("All files"), and one
 * Baton cannot send is refused with a sentence rather than hidden.
 */
const ACCEPT = [
  ...IMAGE_MEDIA_TYPES,
  PDF_MEDIA_TYPE,
  'text/*',
  '.md',
  '.csv',
  '.json',
  '.ts',
  '.tsx',
  '.py',
].join(',');

/** Opens the file picker; the input behind it is hidden, the button is what is focused and named. */
export function AttachButton() {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      {/* On a narrow screen only the mark shows; the words stay its accessible name. */}
      <button
        type="button"
        className="attach-button icon-button"
        title="Attach files (images, PDFs, text)"
        onClick={() => input.current?.click()}
      >
        <Icon name="attach" />
        <span className="button-label">Attach files</span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="attach-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Cleared, so picking the same file again (after removing it) still fires.
          e.target.value = '';
          void attachFiles(files, currentContextRoom());
        }}
      />
    </>
  );
}
