import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A demo stand-in's records in a JSON file of the demo's data folder, so a restarted demo still knows
 * the money of its earlier bookings, as the real provider would. Tests' stand-ins keep none.
 */

/** The records last kept in `file`; undefined when there is none yet. A file that is not JSON stops the start, naming it. */
export async function readSavedRecords(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file} is not the demo's payment records: delete it to start the demo's payments afresh.`);
  }
}

/** How often the records are written when they changed: a demo stopped by a kill loses at most this much. */
const SAVE_EVERY_MS = 1000;

/**
 * Writes `snapshot()` to `file` whenever it changed since the start, each second at most, and once more at `close`.
 * Each write replaces the file whole (a new file renamed over it), so a kill mid-write leaves the last one.
 */
export function keepRecords(file: string, snapshot: () => unknown): { close: () => Promise<void> } {
  // As read at the start: a demo that took no payment writes nothing.
  let written = JSON.stringify(snapshot());
  const save = async () => {
    const text = JSON.stringify(snapshot());
    if (text === written) return;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(`${file}.new`, text);
    await rename(`${file}.new`, file);
    written = text;
  };
  let saving: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    saving = saving
      .then(save)
      .catch((error: unknown) => process.emitWarning(`the demo's payment records were not written: ${String(error)}`));
  }, SAVE_EVERY_MS);
  timer.unref();
  return {
    close: async () => {
      clearInterval(timer);
      await saving;
      await save();
    },
  };
}
