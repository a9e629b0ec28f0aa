import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';

/** The card provider's checkout: its script, its iframe, and the calls the script makes. */
const CHECKOUT = 'https://checkout.stripe.com';
const CHECKOUT_API = 'https://api.stripe.com';

/**
 * Security headers and CORS. The CSP allows this site, the checkout, data: images and any http or
 * https image (owners' cars may point anywhere, and the car form accepts http:// addresses).
 * Upgrading requests and HSTS only make sense behind HTTPS, which is what COOKIE_SECURE says.
 */
async function security(app: FastifyInstance, config: Pick<ServerConfig, 'corsOrigins' | 'cookieSecure'>): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", CHECKOUT],
        frameSrc: [CHECKOUT],
        connectSrc: ["'self'", CHECKOUT, CHECKOUT_API],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        ...(config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The checkout may open its own window on small screens; it must be able to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.cookieSecure,
  });

  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });
}

export const securityPlugin = fp(security, { name: 'security', fastify: '5.x' });
