/** Derived values of the composer slice. */
import type { BatonState } from '../../store/store';

/** A sent message is being edited: Esc ends the edit before anything else. */
export const selectEditing = (s: BatonState): boolean => s.editingEntryId !== null;
