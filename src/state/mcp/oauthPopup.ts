/**
 * A server's sign-in page in a popup: resolves with the address the authorization server
 * sent the popup back to (this app's own address, with `code` and `state`), read once the
 * popup is on this origin again. The adapter checks the state and exchanges the code.
 */
const POLL_MS = 250;

export function signInInPopup(authorizationUrl: URL): Promise<string> {
  const popup = window.open(authorizationUrl.href, 'baton-mcp-sign-in', 'popup,width=520,height=680');
  if (!popup) {
    return Promise.reject(
      new Error('the browser blocked the sign-in window. Allow popups for Baton and try again.'),
    );
  }
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (popup.closed) {
        clearInterval(timer);
        reject(new Error('the sign-in window was closed before it finished.'));
        return;
      }
      let href: string;
      try {
        // Another origin's page cannot be read: the sign-in is still on the server's side.
        href = popup.location.href;
      } catch {
        return;
      }
      const back = new URL(href);
      if (back.origin !== window.location.origin) return;
      if (!back.searchParams.has('code') && !back.searchParams.has('error')) return;
      clearInterval(timer);
      popup.close();
      resolve(href);
    }, POLL_MS);
  });
}
