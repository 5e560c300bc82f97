/**
 * The status line's controls drawn just after the first paint, in one chunk (the initial
 * JavaScript is at its ceiling, issue 31): the next turn's price, Export, and the Files
 * button (issue 26).
 */

export { ExportMenu } from './exchange/ExportMenu';
export { NextTurnPrice } from './pricing/NextTurnPrice';
export { FilesMount } from './workspace/FilesMount';
// For the chat's text editor cards, which ask for this chunk (already there by then)
// rather than importing the panel's state: a shared chunk would cost the first load its name.
export { openFilesPanel } from './workspace/filesPanelState';
