import { useStore } from 'zustand';
import { promptInstall } from '../../pwa/installOffer';
import { pwaStore } from '../../pwa/pwaState';

/** "Install Baton", while the browser offers to install it (src/pwa/installOffer.ts). */
export function InstallButton() {
  const offered = useStore(pwaStore, (s) => s.install !== null);
  if (!offered) return null;
  return (
    <button type="button" className="theme-toggle" onClick={promptInstall}>
      Install Baton
    </button>
  );
}
