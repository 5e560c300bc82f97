/**
 * Settings' "Test key": checks the key and base URL as typed (not yet saved) with one
 * free request, and answers in words. The SDK loads only when the button is pressed.
 */
import { errorText } from '../store/storeAccess';

export interface KeyTestInput {
  apiKey: string;
  baseURL: string;
  model: string;
}

export async function testKey(input: KeyTestInput): Promise<string> {
  const apiKey = input.apiKey.trim();
  if (!apiKey) return 'No key to test: enter an API key first (without one, the offline demo model answers).';
  try {
    const { checkKey, keyCheckSentence } = await import('../../llm/keyCheck');
    const check = await checkKey({
      apiKey,
      baseURL: input.baseURL.trim().replace(/\/+$/, ''),
      model: input.model.trim(),
    });
    return keyCheckSentence(check);
  } catch (error) {
    return `The key could not be tested: ${errorText(error)}`;
  }
}
