import Fastify, { type FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databasePlugin } from '../src/plugins/database';
import { errorsPlugin } from '../src/plugins/errors';
import { passwordsPlugin } from '../src/plugins/passwords';
import { rateLimitPlugin } from '../src/plugins/rate-limit';
import { sessionPlugin } from '../src/plugins/session';
import { testConfig } from './helpers';
import type { ServerConfig } from '../src/config';

// buildApp registers them in an order that starts: every other server test shows it.
// Every plugin takes what it needs from the configuration, so each is registered with all of it.
type Plugin = FastifyPluginAsync<ServerConfig>;

describe('the server plugins registered in a wrong order', () => {
  it.each<[string, string, Plugin[]]>([
    ['session', 'database', [sessionPlugin, passwordsPlugin, databasePlugin]],
    ['database', 'passwords', [databasePlugin, passwordsPlugin]],
    ['rate-limit', 'errors', [rateLimitPlugin, errorsPlugin]],
  ])('fail at start-up when %s comes before %s, naming both', async (name, dependency, plugins) => {
    const app = Fastify({ logger: false });
    try {
      for (const each of plugins) app.register(each, testConfig());
      await expect(app.ready()).rejects.toMatchObject({
        code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
        message: `The dependency '${dependency}' of plugin '${name}' is not registered`,
      });
    } finally {
      await app.close();
    }
  });
});
