import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '#domain/contract';
import { buildTestApp, closeTestApp } from './helpers';
import { send } from './marketplace-helpers';

let bare: FastifyInstance;
let configured: FastifyInstance;

beforeAll(async () => {
  [bare, configured] = await Promise.all([
    buildTestApp(),
    buildTestApp({
      social: { instagram: 'https://www.instagram.com/wheelsonweb', linkedin: 'https://www.linkedin.com/company/wheelsonweb' },
      support: { email: 'help@wheelsonweb.in', phone: '+91 80 4000 4000', address: '27 Residency Road, Bengaluru 560025' },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([closeTestApp(bare), closeTestApp(configured)]);
});

describe('GET /api/config', () => {
  it('names no social profile and no support contact when none is configured, and the owners’ split in force', async () => {
    const response = await send(bare, 'GET', '/api/config');
    expect(response.statusCode).toBe(200);
    expect(response.json<PublicConfig>()).toEqual({
      payments: {},
      earnings: { commissionBps: 2000, tdsBps: 0, claimWindowHours: 24, payoutHoldHours: 0 },
      noShowHours: 2,
      cancellation: { freeCancelHours: 24, lateRefundBps: 5000 },
      licenceCheck: true,
      trips: { depositMinPaise: 100_000, depositMaxPaise: 2_500_000, lateFeeBps: 15_000 },
    });
  });

  it('names exactly the social profiles and the support contact the server was given', async () => {
    const config = (await send(configured, 'GET', '/api/config')).json<PublicConfig>();
    expect(config.social).toEqual({
      instagram: 'https://www.instagram.com/wheelsonweb',
      linkedin: 'https://www.linkedin.com/company/wheelsonweb',
    });
    expect(config.support).toEqual({
      email: 'help@wheelsonweb.in',
      phone: '+91 80 4000 4000',
      address: '27 Residency Road, Bengaluru 560025',
    });
  });
});
