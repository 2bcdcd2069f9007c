import { open } from 'yauzl';

/** A zip's entries by name, bytes and all (the tests' packs are small). */
export function zipEntries(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const found = new Map<string, Buffer>();
    open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('entry', (entry) =>
        zip.openReadStream(entry, async (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          found.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        }),
      );
      zip.on('end', () => resolve(found));
      zip.readEntry();
    });
  });
}
