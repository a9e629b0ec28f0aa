import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  ACCOUNT_NOTICE,
  type ChangeFeed,
  EVERY_ACCOUNT_TABLES,
  EVERY_PRIVATE,
  EVERY_PRIVATE_TABLES,
  PRIVATE_NOTICE,
  type PublicTopic,
  TOPICS_OF_TABLE,
} from '../db/change-notices';

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed;
  }
}

/**
 * What the database tells of its changes (migration 0015's triggers), to the caches that must
 * forget what changed: every instance on one PostgreSQL hears every other's writes.
 */
async function changeFeed(app: FastifyInstance): Promise<void> {
  const topicDrops = new Map<PublicTopic, (() => void)[]>();
  const accountDrops: ((accountId: string | undefined) => void)[] = [];
  const privateDrops: ((accountId: string | undefined) => void)[] = [];
  let heard = true;

  const dropTopic = (topic: PublicTopic) => {
    for (const drop of topicDrops.get(topic) ?? []) drop();
  };
  const dropAccount = (accountId: string | undefined) => {
    for (const drop of accountDrops) drop(accountId);
  };
  const dropPrivate = (accountId: string | undefined) => {
    for (const drop of privateDrops) drop(accountId);
  };
  const dropEverything = () => {
    for (const topic of topicDrops.keys()) dropTopic(topic);
    dropAccount(undefined);
    dropPrivate(undefined);
  };

  const feed: ChangeFeed = {
    get heard() {
      return heard;
    },
    onTopic: (topic, drop) => topicDrops.set(topic, [...(topicDrops.get(topic) ?? []), drop]),
    onAccount: (drop) => accountDrops.push(drop),
    onPrivate: (drop) => privateDrops.push(drop),
  };
  app.decorate('changes', feed);

  await app.listenForChanges({
    notice: (payload) => {
      if (payload.startsWith(ACCOUNT_NOTICE)) {
        const accountId = payload.slice(ACCOUNT_NOTICE.length);
        dropAccount(accountId);
        // Its role, most of all, decides what its lists show.
        dropPrivate(accountId);
        return;
      }
      if (payload.startsWith(PRIVATE_NOTICE)) {
        const accountId = payload.slice(PRIVATE_NOTICE.length);
        dropPrivate(accountId === EVERY_PRIVATE ? undefined : accountId);
        return;
      }
      for (const topic of TOPICS_OF_TABLE[payload] ?? []) dropTopic(topic);
      if (EVERY_ACCOUNT_TABLES.has(payload)) dropAccount(undefined);
      if (EVERY_PRIVATE_TABLES.has(payload) || EVERY_ACCOUNT_TABLES.has(payload)) dropPrivate(undefined);
    },
    lost: () => {
      heard = false;
      dropEverything();
      app.log.warn('stopped hearing the database’s change notices: cached answers are off until it is back');
    },
    restored: () => {
      // Whatever changed while nobody listened is unknown: start from nothing.
      dropEverything();
      heard = true;
    },
  });
}

export const changeFeedPlugin = fp(changeFeed, { name: 'change-feed', fastify: '5.x', dependencies: ['database'] });
