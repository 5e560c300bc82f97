import { useEffect, useState } from 'react';
import { whenRuntime } from '../../state/app/runtime';

export type StoredFile = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; blob: Blob };

/** A sent file's bytes, queued or stored (see AttachmentFiles); missing when the device no longer has them. */
export function useStoredFile(id: string): StoredFile {
  const [file, setFile] = useState<StoredFile>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    whenRuntime()
      .then((runtime) => runtime.files.blob(id))
      .then(
        (blob) => {
          if (live) setFile(blob ? { status: 'ready', blob } : { status: 'missing' });
        },
        // Unreadable (storage failed) is, for the person looking, not on this device.
        () => {
          if (live) setFile({ status: 'missing' });
        },
      );
    return () => {
      live = false;
    };
  }, [id]);
  return file;
}
