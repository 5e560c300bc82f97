/**
 * What the UI shows of the installed app's machinery (src/ui/pwa): whether the browser
 * offers to install Baton, and whether a new version waits. Set by src/pwa, read with
 * zustand's useStore. Apart from the app's store: it is page state, never stored, and
 * the code that sets most of it loads after the first interaction.
 */
import { createStore } from 'zustand/vanilla';

/** The browser's `beforeinstallprompt` event, kept to show its prompt on a click. */
export interface InstallOffer extends Event {
  prompt(): Promise<unknown>;
}

export interface PwaState {
  /** Offered by the browser and not used yet; null once installed or when never offered. */
  install: InstallOffer | null;
  /** Set while a new version waits: activates it and reloads this tab once it controls. */
  applyUpdate: (() => void) | null;
}

export const pwaStore = createStore<PwaState>(() => ({ install: null, applyUpdate: null }));
