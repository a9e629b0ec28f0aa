import pg from 'pg';

/** The channel migration 0015's triggers notify on, when public rows or an account's sessions change. */
export const CHANGE_CHANNEL = 'wow_changes';

/** What the database says of its changes, and (PostgreSQL) whether it can still say it. */
export interface ChangeListener {
  /** A notice's payload: a table's name, or `account:<id>`. */
  notice: (payload: string) => void;
  /** The listening connection dropped: notices may be missed until `restored`. */
  lost: () => void;
  /** Listening again; notices sent meanwhile were missed. */
  restored: () => void;
}

/** The public answers a change can make stale: the cars' (the list, each car, its calendar) and the blog's (posts, comments). */
export type PublicTopic = 'cars' | 'blog';

/** Which public answers a table's rows show up in (migration 0015 notifies with the table's name). */
export const TOPICS_OF_TABLE: Record<string, readonly PublicTopic[]> = {
  cars: ['cars'],
  car_photos: ['cars'],
  reviews: ['cars'],
  bookings: ['cars'],
  blog_posts: ['blog'],
  comments: ['blog'],
  accounts: ['cars', 'blog'],
};
/** Tables whose change (a rename, a disabled account, a truncation) may touch any account's sessions. */
export const EVERY_ACCOUNT_TABLES = new Set(['accounts', 'sessions']);
export const ACCOUNT_NOTICE = 'account:';
/** Migration 0017: `private:<id>` when an account's own lists may have changed, `private:*` when anyone's may. */
export const PRIVATE_NOTICE = 'private:';
export const EVERY_PRIVATE = '*';
/**
 * Tables whose every change migration 0015 names, and whose rows show on private lists too: a car's
 * name and photos on its owner's cars and on bookings, a review on its booking (either side's, and a
 * renter's rating on the owners' requests), a renamed renter.
 * Which accounts' lists they touch is not said, so each drops them all.
 */
export const EVERY_PRIVATE_TABLES = new Set(['cars', 'car_photos', 'reviews', 'renter_reviews', 'accounts']);

export interface ChangeFeed {
  /** False while changes may go unheard (PostgreSQL's listening connection is down): no cache may answer then. */
  readonly heard: boolean;
  /** Calls `drop` whenever an answer of `topic` may have changed, and whenever notices may have been missed. */
  onTopic: (topic: PublicTopic, drop: () => void) => void;
  /** Calls `drop` with an account whose sessions or row changed, or with undefined when any may have. */
  onAccount: (drop: (accountId: string | undefined) => void) => void;
  /** Calls `drop` with an account whose own lists may have changed, or with undefined when anyone's may have. */
  onPrivate: (drop: (accountId: string | undefined) => void) => void;
}

const RETRY_MS = { first: 250, most: 5_000 };
/**
 * How often the listening connection is asked a trivial question, and how long it may take to answer.
 * A connection can stall without closing (a frozen network, a hung server): its notices would stop
 * while caches went on answering, so one that does not answer within a second counts as dropped,
 * which bounds how long another instance's write can go unheard to about two seconds.
 */
const HEARTBEAT_MS = 1_000;

/** The listening connection's name in pg_stat_activity, where an operator (or a test) finds it. */
export const LISTENER_NAME = 'wheelsonweb-change-listener';

/**
 * One connection of its own that listens for as long as the server runs, reconnecting after it
 * drops: the pool's connections come and go with the load, and an instance none of whose
 * connections is open would miss other instances' notices.
 */
export async function listenOnPostgres(
  connection: pg.ClientConfig,
  listener: ChangeListener,
): Promise<{ stop: () => Promise<void> }> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = RETRY_MS.first;
  let retry: NodeJS.Timeout | undefined;
  // Caches start on; a failed first try turns them off like any later drop.
  let connected = true;

  const dropped = (which: pg.Client) => {
    if (client !== which) return;
    client = undefined;
    if (connected) listener.lost();
    connected = false;
    if (stopped) return;
    retry = setTimeout(() => void open(), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MS.most);
  };

  async function open(): Promise<void> {
    const opening = new pg.Client({ ...connection, query_timeout: HEARTBEAT_MS, application_name: LISTENER_NAME });
    client = opening;
    opening.on('error', () => dropped(opening));
    opening.on('end', () => dropped(opening));
    opening.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload !== undefined) listener.notice(message.payload);
    });
    try {
      await opening.connect();
      await opening.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      dropped(opening);
      void opening.end().catch(() => undefined);
      return;
    }
    if (stopped) {
      await opening.end().catch(() => undefined);
      return;
    }
    retryMs = RETRY_MS.first;
    let asking = false;
    const heartbeat = setInterval(() => {
      if (asking) return;
      asking = true;
      opening.query('SELECT 1').then(
        () => {
          asking = false;
        },
        () => {
          dropped(opening);
          void opening.end().catch(() => undefined);
        },
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
    opening.once('end', () => clearInterval(heartbeat));
    if (connected) return;
    connected = true;
    listener.restored();
  }

  await open();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
