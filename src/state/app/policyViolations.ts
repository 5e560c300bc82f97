/**
 * Whether the page's Content-Security-Policy refused requests to a base URL. The browser
 * fails such a fetch exactly as it fails one to a host that does not answer ("Failed to
 * fetch"), so without this the user would read "Could not reach the model API" and look
 * for the fault in the network.
 *
 * Two ways to know: the `securitypolicyviolation` events the page heard for connect-src
 * (whatever policy it was served with), and, in the production build, which is served
 * with the policy of vite.config.ts, the URL being outside CONNECT_SRC. The second is
 * needed too: Chromium fires the event a moment after the fetch has failed, which the
 * SDK's retry wait covers but a request without retries does not.
 */
import { allowedByConnectSrc } from '../../llm/connectPolicy';

export class PolicyWatch {
  private readonly refusedOrigins = new Set<string>();
  private watching = false;

  /** Starts listening for the page's policy violations; once is enough. */
  watch(): void {
    if (this.watching || typeof document === 'undefined') return;
    this.watching = true;
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.effectiveDirective !== 'connect-src') return;
      const origin = originOf(event.blockedURI);
      if (origin) this.refusedOrigins.add(origin);
    });
  }

  blocked(url: string): boolean {
    const origin = originOf(url);
    if (origin && this.refusedOrigins.has(origin)) return true;
    // The dev server sends no policy, so there the list says nothing.
    if (!import.meta.env.PROD || typeof location === 'undefined') return false;
    return !allowedByConnectSrc(url, location.origin);
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
