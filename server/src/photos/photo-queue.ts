import { workQueue } from '../limits/work-queue';

/** Runs a photo's image work when its turn comes, or rejects at once with QueueFullError when the line is full. */
export type PhotoQueue = <T>(work: () => Promise<T>) => Promise<T>;

/** Photos that may wait for the one being made: at a few seconds each, a wait still well within an upload's patience. */
export const PHOTOS_WAITING_MAX = 4;

/** How long an upload turned away is told to wait: about what the full line ahead of it takes to clear. */
export const PHOTO_QUEUE_RETRY_SECONDS = 10;

/**
 * One photo made at a time in this process, in the order they came, at most `waitingMax` waiting.
 * A photo costs seconds of a core and hundreds of MB (a 24 KB one-bit PNG of 40 megapixels decodes
 * whole), and sharp runs it on libuv's thread pool, the one scrypt hashes passwords on
 * (auth/hash-queue.ts): four photos at once took every thread a sign-in needs.
 */
export function photoQueue(waitingMax: number = PHOTOS_WAITING_MAX): PhotoQueue {
  const queue = workQueue(1, { photo: { waitingPerKey: waitingMax, waitingTotal: waitingMax } });
  return (work) => queue.enter('photo', '', (turn) => turn(work));
}
