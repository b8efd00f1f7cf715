import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a visit's private photos live: `visit-photos/` in DATA_DIR, 0700, each file 0600 under a random name
 * (docs/operations.md#visit-photos-on-disk), never under a path the server serves as it is.
 */
export function visitPhotoFiles(dataDir: string) {
  const folder = path.join(dataDir, 'visit-photos');
  // Names are ours (a UUID and .jpg); anything else read from a row is refused rather than joined into a path.
  const pathOf = (name: string) => {
    if (!/^[0-9a-f-]{36}\.jpg$/.test(name)) throw new Error(`not a visit photo's file name: ${name}`);
    return path.join(folder, name);
  };
  return {
    async write(bytes: Uint8Array): Promise<string> {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${randomUUID()}.jpg`;
      await writeFile(pathOf(name), bytes, { mode: 0o600, flag: 'wx' });
      return name;
    },
    /** The file's bytes; undefined when it is gone. */
    read: (name: string): Promise<Buffer | undefined> =>
      readFile(pathOf(name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      }),
    remove: (name: string) => rm(pathOf(name), { force: true }),
  };
}
