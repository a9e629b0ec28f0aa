import Fastify from 'fastify';

/**
 * The bare twin bench/api.ts measures beside the real server (forked, in a process of its own): a
 * plain Fastify server with one route per measured path, each answering the very body the real route
 * answered, from memory. What it manages is the machine's limit for that body over HTTP, so the real
 * route's share of it says how much the work behind the route costs.
 */

export interface TwinRoute {
  /** GET unless a write's. */
  method?: 'POST';
  /** The decoded path without its query (a pattern for a write's ids): Fastify routes on that alone, as the real server does. */
  path: string;
  contentType: string;
  /** Base64, so the bytes cross the IPC channel unchanged. */
  body: string;
}

export type ToTwin = { type: 'serve'; routes: TwinRoute[] };
export type FromTwin = { type: 'listening'; port: number };

process.once('message', async (message: ToTwin) => {
  const app = Fastify({ logger: false });
  for (const route of message.routes) {
    const body = Buffer.from(route.body, 'base64');
    app.route({
      method: route.method ?? 'GET',
      url: route.path,
      handler: (_request, reply) => reply.type(route.contentType).send(body),
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the twin has no port');
  process.send?.({ type: 'listening', port: address.port } satisfies FromTwin);
  // The parent ends the twin by closing the IPC channel, or by a signal.
  process.once('disconnect', () => void app.close().then(() => process.exit(0)));
});
