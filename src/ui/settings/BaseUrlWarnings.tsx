import { useState } from 'react';
import { allowedByConnectSrc, baseUrlWarnings } from '../../llm/connectPolicy';
import './baseUrlWarnings.css';

function pageOrigin(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.origin;
}

/**
 * What is wrong with the API base URL being typed, said under the field as it is typed,
 * before anything is saved: plain http to another machine, and a host the page's
 * security policy will not let requests reach. The region is always there, so a screen
 * reader hears a warning as it appears.
 */
export function BaseUrlWarnings({ baseURL, id }: { baseURL: string; id: string }) {
  const warnings = baseUrlWarnings(baseURL, pageOrigin());
  return (
    <div id={id} className="base-url-warnings" aria-live="polite">
      {warnings.map((warning) => (
        <p key={warning} className="field-warning">
          ⚠ {warning}
        </p>
      ))}
    </div>
  );
}

/**
 * Saving a base URL the policy blocks takes a second Save: the first says why it will
 * not work, in case the warning above went unread (a URL saved before is not asked about
 * again). Returns that sentence, or null when the URL may be saved now.
 */
export function useBlockedBaseUrlCheck(): (baseURL: string, saved: string) => string | null {
  const [confirmed, setConfirmed] = useState<string | undefined>();
  return (baseURL, saved) => {
    if (baseURL === saved || confirmed === baseURL || allowedByConnectSrc(baseURL, pageOrigin())) return null;
    setConfirmed(baseURL);
    let host = baseURL;
    try {
      host = new URL(baseURL).host;
    } catch {
      // validate() has already refused a URL that does not parse.
    }
    return `Requests to ${host} will be blocked by this page's security policy, so the model cannot be reached there. Save again to keep this base URL anyway.`;
  };
}
