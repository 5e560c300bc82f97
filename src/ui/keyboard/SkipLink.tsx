import { focusMessageBox, MESSAGE_BOX_ID } from './messageBox';

/**
 * The page's first tab stop, shown only while focused: one Tab and Enter reach the message
 * box past the sidebar and the header, instead of some twenty Tab presses.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MESSAGE_BOX_ID}`}
      onClick={(event) => {
        // Focus without the jump the fragment would make, and without a "#" left in the address.
        if (focusMessageBox()) event.preventDefault();
      }}
    >
      Skip to the message box
    </a>
  );
}
