/**
 * "Install Baton": the browser's offer (`beforeinstallprompt`) is kept, with its own
 * banner held back, and shown from the app's button. The entry (src/boot.ts) imports this
 * module, so listening starts before the UI's code loads: the browser offers once per page
 * load, as soon as the page qualifies, possibly before anything is drawn.
 */
import { type InstallOffer, pwaStore } from './pwaState';

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    pwaStore.setState({ install: event as InstallOffer });
  });
  window.addEventListener('appinstalled', () => pwaStore.setState({ install: null }));
}

/** Shows the browser's install prompt; an offer can be shown once, so the button goes. */
export function promptInstall(): void {
  const offer = pwaStore.getState().install;
  if (!offer) return;
  pwaStore.setState({ install: null });
  // A refused or failed prompt needs no sentence: the browser offers again when it will.
  void offer.prompt().catch(() => {});
}
