/**
 * The one way Baton writes a wrapper around text it did not author (a file, the model's
 * document or notes, an earlier session's passage, the user's quoted request):
 *
 *   <tag name="value">
 *   body
 *   </tag>
 *
 * The body goes through the shared escaping rule (wrapperTags.ts), so it holds no tag
 * that reads as any wrapper's; each attribute value through attributeText, so a name
 * cannot end its quotes, start a tag or break the line.
 */

import type { WrapperTagName } from './wrapperTagNames';
import { neutraliseWrapperTags } from './wrapperTags';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * An attribute value as it can sit between double quotes: `&`, `"`, `<`, `>` and line
 * breaks as character references, and any lookalike wrapper tag (fullwidth `＜`, which
 * no reference replaces) escaped first by the shared rule.
 */
export function attributeText(value: string): string {
  return neutraliseWrapperTags(value).replace(/[&"<>\n\r]/g, (char) => ENTITIES[char] ?? char);
}

const REFERENCES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&quot;': '"',
  '&lt;': '<',
  '&gt;': '>',
  '&#10;': '\n',
  '&#13;': '\r',
};

/** An attribute value back as attributeText was given it (its wrapper tags left escaped). */
export function readAttributeText(text: string): string {
  return text.replace(/&(?:amp|quot|lt|gt|#10|#13);/g, (reference) => REFERENCES[reference] ?? reference);
}

/** The opening tag alone: `<tag a="…" b="…">`, attributes in the order given. */
export function openingTag(tag: WrapperTagName, attributes: Readonly<Record<string, string>> = {}): string {
  const written = Object.entries(attributes).map(([key, value]) => ` ${key}="${attributeText(value)}"`);
  return `<${tag}${written.join('')}>`;
}

/** The wrapper around `body`, on lines of their own (see the file comment). */
export function untrustedBlock(
  tag: WrapperTagName,
  attributes: Readonly<Record<string, string>>,
  body: string,
): string {
  return `${openingTag(tag, attributes)}\n${neutraliseWrapperTags(body)}\n</${tag}>`;
}
