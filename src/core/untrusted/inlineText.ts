/**
 * A value Baton did not author (a file name, the model's search query, a focus the model
 * suggested) put inside one of Baton's own sentences in a request, outside any wrapper:
 * it must neither pass for a wrapper tag nor start lines of its own that read as Baton's
 * framing. So the shared rule escapes its wrapper tags, and its line breaks become spaces.
 */
import { neutraliseWrapperTags } from './wrapperTags';

export function inlineText(value: string): string {
  return neutraliseWrapperTags(value).replace(/\r\n?|[\n\u2028\u2029]/g, ' ');
}
