import { describe, expect, it } from 'vitest';
import { describeStorageFailure, storageFailureSentence } from './storageFailure';

/** Every name a DOMException can carry (WebIDL's table), and some errors that are not DOMExceptions. */
const DOM_EXCEPTION_NAMES = [
  'IndexSizeError',
  'HierarchyRequestError',
  'WrongDocumentError',
  'InvalidCharacterError',
  'NoModificationAllowedError',
  'NotFoundError',
  'NotSupportedError',
  'InUseAttributeError',
  'InvalidStateError',
  'SyntaxError',
  'InvalidModificationError',
  'NamespaceError',
  'InvalidAccessError',
  'TypeMismatchError',
  'SecurityError',
  'NetworkError',
  'AbortError',
  'URLMismatchError',
  'QuotaExceededError',
  'TimeoutError',
  'InvalidNodeTypeError',
  'DataCloneError',
  'EncodingError',
  'NotReadableError',
  'UnknownError',
  'ConstraintError',
  'DataError',
  'TransactionInactiveError',
  'ReadOnlyError',
  'VersionError',
  'OperationError',
  'NotAllowedError',
  'OptOutError',
];

describe('describeStorageFailure (issue 27, finding 6)', () => {
  it('gives every DOMException, with or without a message, a sentence that never names it', () => {
    for (const name of DOM_EXCEPTION_NAMES) {
      for (const message of ['', 'Transaction was aborted (test).']) {
        const error = new DOMException(message, name);
        const failure = describeStorageFailure(error);
        expect(failure.short.trim(), name).not.toBe('');
        expect(failure.what.trim(), name).not.toBe('');
        const sentence = storageFailureSentence('your changes', error);
        expect(sentence, name).not.toContain(name);
        expect(sentence, name).not.toContain('()');
        expect(sentence, name).toMatch(/^Could not save your changes: [^.]+\./);
      }
    }
  });

  it('says a full disk is full and what to do about it', () => {
    const error = new DOMException('', 'QuotaExceededError');
    expect(describeStorageFailure(error).short).toBe('storage is full');
    expect(
      storageFailureSentence('your changes', error, 'They are kept in this tab and saving is retried.'),
    ).toBe(
      "Could not save your changes: this browser's storage for Baton is full. They are kept in this tab and saving is retried. Free space on this device, or delete sessions you no longer need (Settings shows how much is used).",
    );
  });

  it('says a cut-off write was cut off, and that waiting is all there is to do', () => {
    const error = new DOMException('The write was cut off before it committed (test).', 'AbortError');
    expect(storageFailureSentence('your changes', error, 'Saving is retried.')).toBe(
      'Could not save your changes: the browser stopped the write before it finished. Saving is retried.',
    );
  });

  it('answers for errors that are not DOMExceptions, and for things that are not errors', () => {
    expect(describeStorageFailure(new Error('')).short).toBe("the browser's storage failed");
    expect(describeStorageFailure(new Error('Disk is full')).short).toBe('storage is full');
    expect(describeStorageFailure(undefined).short).toBe("the browser's storage failed");
    expect(describeStorageFailure('quota reached').short).toBe('storage is full');
  });
});
