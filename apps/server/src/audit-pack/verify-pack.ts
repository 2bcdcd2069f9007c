import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type Entry, open, type ZipFile } from 'yauzl';

/**
 * `pnpm cli verify-pack FILE.zip` (issue 30 §3): reads an audit pack back and checks every file its
 * manifest lists against the zip's own entries, by SHA-256 and size; an entry the manifest does not
 * list, or one it lists that is not there, is a problem too. Needs no database: an auditor can run it
 * on a pack alone. Each entry is hashed as it is read, so a large pack costs a chunk of memory.
 */

export type PackProblem = { path: string; problem: string };
export type PackReport = { checked: number; problems: PackProblem[] };

type Listed = { path: string; sha256: string; size: number };

const manifestNames = new Set(['manifest.json', 'manifest.csv']);

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    open(file, { lazyEntries: true, autoClose: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

function readStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

/** Every entry of the zip, one at a time, handed to `each` with its bytes as a stream. */
async function eachEntry(zip: ZipFile, each: (entry: Entry, stream: Readable) => Promise<void>) {
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      readStream(zip, entry)
        .then((stream) => each(entry, stream))
        .then(() => zip.readEntry(), reject);
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
}

async function hashOf(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

async function readManifest(file: string): Promise<Listed[]> {
  const zip = await openZip(file);
  let text: string | null = null;
  await eachEntry(zip, async (entry, stream) => {
    if (entry.fileName !== 'manifest.json') {
      stream.resume();
      await new Promise((resolve) => stream.on('end', resolve));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString('utf8');
  });
  if (text === null) throw new Error('the zip has no manifest.json: it is not an audit pack');
  const manifest = JSON.parse(text) as { format?: string; files?: Listed[] };
  if (!manifest.format?.startsWith('evident-audit-pack/') || !Array.isArray(manifest.files))
    throw new Error('manifest.json is not an Evident audit pack manifest');
  return manifest.files;
}

export async function verifyPack(file: string): Promise<PackReport> {
  const listed = new Map((await readManifest(file)).map((entry) => [entry.path, entry]));
  const seen = new Set<string>();
  const problems: PackProblem[] = [];
  let checked = 0;
  const zip = await openZip(file);
  await eachEntry(zip, async (entry, stream) => {
    const path = entry.fileName;
    const found = await hashOf(stream);
    if (manifestNames.has(path)) return;
    const expected = listed.get(path);
    if (seen.has(path)) problems.push({ path, problem: 'appears twice in the zip' });
    seen.add(path);
    if (!expected) {
      problems.push({ path, problem: 'is in the zip but not in the manifest' });
      return;
    }
    checked++;
    if (found.sha256 !== expected.sha256)
      problems.push({
        path,
        problem: `SHA-256 ${found.sha256} does not match the manifest's ${expected.sha256}`,
      });
    else if (found.size !== expected.size)
      problems.push({ path, problem: `${found.size} bytes, the manifest says ${expected.size}` });
  });
  for (const path of listed.keys())
    if (!seen.has(path)) problems.push({ path, problem: 'is in the manifest but not in the zip' });
  return { checked, problems };
}

export function formatPackReport(file: string, report: PackReport): string {
  const lines = [`Checked ${report.checked} file${report.checked === 1 ? '' : 's'} in ${file}.`];
  if (report.problems.length === 0) lines.push('Every file matches the SHA-256 and size its manifest lists.');
  else {
    lines.push(`${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}:`);
    for (const { path, problem } of report.problems) lines.push(`  ${path} ${problem}`);
  }
  return lines.join('\n');
}

/** The command: exit 0 when every hash matches, 1 on any mismatch or a zip that cannot be read. */
export async function runVerifyPack(args: string[], out = console): Promise<number> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0) {
    out.error('Usage: pnpm cli verify-pack FILE.zip');
    return 2;
  }
  try {
    const report = await verifyPack(file);
    out.log(formatPackReport(file, report));
    return report.problems.length === 0 ? 0 : 1;
  } catch (error) {
    out.error(`verify-pack: ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
