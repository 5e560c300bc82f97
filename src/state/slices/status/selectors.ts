/** Derived values of the status slice. */
import type { BatonState } from '../../store/store';

/** Writes fail and are being retried: what is not stored must not pass for stored. */
export const selectSavesFailing = (s: BatonState): boolean => s.saveError !== null;
