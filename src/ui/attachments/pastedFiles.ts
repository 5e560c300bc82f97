/**
 * The files of a paste. A screenshot comes as "image.png" every time: it gets a name
 * of its own (the time of the paste), so two pasted images can be told apart.
 */
export function pastedFiles(list: FileList, now: Date = new Date()): File[] {
  return [...list].map((file) => {
    if (file.name !== '' && file.name !== 'image.png') return file;
    const extension = file.type.startsWith('image/') ? file.type.slice('image/'.length) : 'bin';
    const time = now.toTimeString().slice(0, 8).replace(/:/g, '-');
    return new File([file], `Pasted image ${time}.${extension === 'jpeg' ? 'jpg' : extension}`, {
      type: file.type,
      lastModified: file.lastModified,
    });
  });
}
