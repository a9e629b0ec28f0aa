import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** Read and write for the owner only: no bit for the group or others ever reaches the disk. */
const OWNER_ONLY = ~0o077;

interface Attributes {
  mode?: number;
}

/** The parts of Emscripten's NODEFS this file changes (its own typings stop at FileSystemType). */
interface NodeFsInternals {
  node_ops: { setattr: (node: unknown, attributes: Attributes) => void };
  stream_ops: {
    setattr: (stream: unknown, attributes: Attributes) => void;
    fsync?: (stream: { nfd?: number }) => number;
  };
  /** Turns a Node error into the errno PostgreSQL then sees, as NODEFS does for every other call. */
  tryFSOperation: <T>(operation: () => T) => T;
}

/**
 * The folder PGlite keeps its database in, as Emscripten's NODEFS writes it, with two of its gaps
 * closed: commits reach the disk, and the files are readable by the server's user only.
 *
 * Durability: NODEFS has no fsync, so PostgreSQL's fsync() reached nothing (and `fdatasync()` is a
 * no-op in Emscripten): with or without PGlite's `-F` (fsync off) no write was ever flushed to the
 * disk. Here NODEFS gets the fsync it lacks, and `durableStartParams` turns fsync back on with
 * `wal_sync_method = fsync`, the one method that reaches it: each commit syncs the WAL before it is
 * acknowledged, and each checkpoint syncs the data files and pg_control before older WAL is
 * recycled, as PostgreSQL does.
 *
 * Privacy: PGlite's initdb chmods every file it writes to 0666, past the process's umask, so the
 * modes it asks for lose their group and other bits on the way to the disk.
 */
export class DataFolderFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const closeGaps = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as NodeFsInternals;
      const { node_ops: nodeOps, stream_ops: streamOps } = nodefs;
      const chmodNode = nodeOps.setattr;
      const chmodStream = streamOps.setattr;
      nodeOps.setattr = (node, attributes) => chmodNode(node, ownerOnly(attributes));
      streamOps.setattr = (stream, attributes) => chmodStream(stream, ownerOnly(attributes));
      streamOps.fsync = (stream) =>
        nodefs.tryFSOperation(() => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          return 0;
        });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), closeGaps] } };
  }
}

function ownerOnly(attributes: Attributes): Attributes {
  return attributes.mode === undefined ? attributes : { ...attributes, mode: attributes.mode & OWNER_ONLY };
}

/** PGlite's start parameters with fsync on and the WAL synced by the one call NODEFS now makes. */
export function durableStartParams(defaults: readonly string[]): string[] {
  return [...defaults.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
}
