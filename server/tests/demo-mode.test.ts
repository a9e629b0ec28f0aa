import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, NewBooking, OwnerCar, PayoutDetailsAnswer, PublicConfig, RazorpayOrder } from '#domain/contract';
import type { LicenceAnswer } from '#domain/schemas/licences';
import { loadConfig } from '../src/config';
import { demoRefusal, type DemoProviders, startDemoProviders } from '../src/payments/demo/demo-mode';
import { person } from './admin-helpers';
import { buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';
import { jpeg, licenceForm, png } from './photo-helpers';

const SERVER_MAIN = new URL('../src/main.ts', import.meta.url).pathname;

/** Starts the real server's entry with `env` and returns its exit code and what it wrote, when it stops on its own. */
function startServerWith(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
      env: { PATH: process.env.PATH, DATA_DIR: 'memory://', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('demo mode refuses to start', () => {
  it.each([
    ['NODE_ENV is production', { NODE_ENV: 'production' }, /NODE_ENV is production/],
    ['a Stripe key is set', { STRIPE_SECRET_KEY: 'sk_live_x' }, /STRIPE_SECRET_KEY is set/],
    ['a Razorpay key is set', { RAZORPAY_KEY_ID: 'rzp_live_x' }, /RAZORPAY_KEY_ID is set/],
    ['the publishable key is set', { VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }, /VITE_STRIPE_PUBLISHABLE_KEY is set/],
    ['a database URL is set', { DATABASE_URL: 'postgres://db/real' }, /DATABASE_URL is set/],
  ])('when %s', async (_case, env, reason) => {
    expect(demoRefusal(env)).toMatch(reason);
    await expect(startDemoProviders(env)).rejects.toThrow(reason);
  });

  it('names every provider variable set, and lets an empty one pass', () => {
    expect(demoRefusal({ STRIPE_API_BASE: 'http://x', RAZORPAY_KEY_SECRET: 's' })).toMatch(
      /STRIPE_API_BASE, RAZORPAY_KEY_SECRET are set/,
    );
    expect(demoRefusal({ STRIPE_SECRET_KEY: ' ', NODE_ENV: 'development' })).toBeUndefined();
  });

  it("keeps its data in ./data-demo unless DATA_DIR names another folder, never in the real server's", async () => {
    const unset = await startDemoProviders({});
    const named = await startDemoProviders({ DATA_DIR: '/tmp/my-demo' });
    try {
      expect(loadConfig(unset.env).dataDir).toBe('./data-demo');
      expect(loadConfig(named.env).dataDir).toBe('/tmp/my-demo');
      // Even with an SMS provider set in the shell, a demo's codes are files in its own folder.
      const texting = { SMS_PROVIDER: 'fast2sms', SMS_API_KEY: 'key', SMS_DLT_ENTITY_ID: '1', SMS_SENDER: 'WHLWEB' };
      const demoSms = loadConfig({ ...texting, ...named.env }).sms;
      expect(demoSms.fast2sms).toBeUndefined();
      expect(demoSms.outboxDir).toBe('/tmp/my-demo/sms-outbox');
    } finally {
      await Promise.all([unset.close(), named.close()]);
    }
  });

  it('stops the server process with the reason, before it listens', async () => {
    const production = await startServerWith({ DEMO: '1', NODE_ENV: 'production' });
    expect(production.code).toBe(1);
    expect(production.output).toMatch(/Demo mode refused: NODE_ENV is production/);
    expect(production.output).not.toMatch(/listening/);
  }, 30_000);
});

describe('a demo server, against its stand-ins', () => {
  let providers: DemoProviders;
  let app: FastifyInstance;
  let renter: string;
  let owner: string;
  let car: OwnerCar;
  let nextDay = 2;

  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'wow-demo-'));
    providers = await startDemoProviders({ DATA_DIR: dataDir });
    const { cardPayments, razorpay } = loadConfig(providers.env);
    app = await buildTestApp({ cardPayments, razorpay }, { demoProviders: providers });
    [renter, owner] = await Promise.all([registerAndSignIn(app, 'user'), registerAndSignIn(app, 'owner')]);
    car = await listCar(app, owner, 'Honda City', 100);
  });
  afterAll(async () => {
    await closeTestApp(app);
    await providers.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const choice = (carName = car.id) => {
    const day = nextDay++;
    return { carName, from: indiaTime(day, '10:00'), to: indiaTime(day, '12:00'), driver: false };
  };
  const cardToken = (number: string, expiry = { exp_month: 12, exp_year: 2034 }) =>
    send(app, 'POST', '/demo-providers/stripe/v1/tokens', undefined, {
      key: providers.card.publishableKey,
      card: { number, cvc: '123', ...expiry },
    });
  const tokenFor = async (number: string) => (await cardToken(number)).json<{ id: string }>().id;
  const payByUpi = (orderId: string, vpa: string) =>
    send(app, 'POST', '/demo-providers/razorpay/v1/payments/upi', undefined, {
      key_id: providers.razorpay.keyId,
      order_id: orderId,
      vpa,
    });
  const openOrder = async (chosen: ReturnType<typeof choice>) =>
    (await send(app, 'POST', '/api/payments/razorpay/orders', renter, chosen)).json<RazorpayOrder>();

  it('approves a driving licence at once, with nobody to review it, and says so', async () => {
    const newRenter = await registerAndSignIn(app, 'user', { licence: false });
    const chosen = choice();
    expect((await send(app, 'POST', '/api/bookings/check', newRenter, chosen)).statusCode).toBe(403);
    const [front, back] = await Promise.all([jpeg(800, 500), png(800, 500)]);
    const form = licenceForm({ number: 'KA01 20190012345', dateOfBirth: '1990-05-20', expiresOn: '2040-05-19' }, { front, back });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/account/licence',
      headers: { cookie: newRenter, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<{ message: string }>().message).toBe('Your driving licence is approved.');
    const own = (await send(app, 'GET', '/api/account/licence', newRenter)).json<LicenceAnswer>().licence;
    expect(own).toMatchObject({ status: 'approved', approvedAtOnce: true, expiresOn: '2040-05-19' });
    // Approved, it lets the renter book as an admin's approval would.
    const check = await send(app, 'POST', '/api/bookings/check', newRenter, chosen);
    expect(check.statusCode, check.body).toBe(204);
  });

  it('tells the app it is a demo, with both checkouts on', async () => {
    const config = (await send(app, 'GET', '/api/config')).json<PublicConfig>();
    expect(config).toMatchObject({
      demo: true,
      payments: {
        card: { provider: 'stripe', publishableKey: providers.card.publishableKey },
        upi: { provider: 'razorpay', keyId: providers.razorpay.keyId },
      },
    });
  });

  it('holds 4242 4242 4242 4242, takes it when the owner accepts and refunds it when the renter cancels', async () => {
    const booking = await requestBooking(app, renter, { ...choice(), paymentToken: await tokenFor('4242 4242 4242 4242') });
    expect(booking.payment).toMatchObject({ status: 'held', amountPaise: 20_000 });
    expect(providers.card.intents.get(booking.payment.ref ?? '')?.status).toBe('requires_capture');

    expect((await act(app, owner, booking.id, 'accept')).statusCode).toBe(200);
    expect(providers.card.intents.get(booking.payment.ref ?? '')?.status).toBe('succeeded');
    expect((await act(app, renter, booking.id, 'cancel')).statusCode).toBe(200);
    expect(providers.card.intents.get(booking.payment.ref ?? '')?.refunded).toBe(true);
  });

  it('refuses the request for 4000 0000 0000 0002 as declined', async () => {
    const response = await send(app, 'POST', '/api/bookings', renter, {
      ...choice(),
      paymentToken: await tokenFor('4000000000000002'),
    } satisfies NewBooking);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: 'The card payment was refused: Your card was declined.' });
  });

  it('refuses the request for 4000 0027 6000 3184 as asking for authentication, pointing to UPI', async () => {
    const response = await send(app, 'POST', '/api/bookings', renter, {
      ...choice(),
      paymentToken: await tokenFor('4000 0027 6000 3184'),
    } satisfies NewBooking);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ reason: 'cardNeedsAuthentication' });
  });

  it("refuses a card that is not one of Stripe's test cards, a wrong number and a past expiry, as Stripe's test mode does", async () => {
    const real = await cardToken('4111 1111 1111 1111');
    expect(real.statusCode).toBe(402);
    expect(real.json()).toMatchObject({ error: { code: 'card_declined', message: expect.stringMatching(/non test card/) } });
    expect((await cardToken('4242 4242 4242 4241')).json()).toMatchObject({ error: { code: 'incorrect_number' } });
    expect((await cardToken('4242424242424242', { exp_month: 1, exp_year: 2020 })).json()).toMatchObject({
      error: { code: 'invalid_expiry_year' },
    });
    const wrongKey = await send(app, 'POST', '/demo-providers/stripe/v1/tokens', undefined, {
      key: 'pk_test_other',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    expect(wrongKey.statusCode).toBe(401);
  });

  it('pays with success@razorpay: the signed result books, and the owner accepting captures it', async () => {
    const chosen = choice();
    const order = await openOrder(chosen);
    const paid = await payByUpi(order.orderId, 'success@razorpay');
    expect(paid.statusCode).toBe(200);
    const result = paid.json<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>();
    const booking: Booking = await requestBooking(app, renter, {
      ...chosen,
      razorpay: {
        orderId: result.razorpay_order_id,
        paymentId: result.razorpay_payment_id,
        signature: result.razorpay_signature,
      },
    });
    expect(booking.payment).toMatchObject({ status: 'held', amountPaise: 20_000 });
    expect((await act(app, owner, booking.id, 'accept')).statusCode).toBe(200);
    expect(providers.razorpay.payments.get(result.razorpay_payment_id)?.status).toBe('captured');
  });

  it("pays owners by the stand-in's Route: the linked account is activated, and an accepted UPI booking's share transferred", async () => {
    const routeOwner = await person(app, 'owner');
    const routeCar = await listCar(app, routeOwner.cookie, 'Tata Nexon', 100);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/owner/payout-details',
      headers: { cookie: routeOwner.cookie },
      payload: {
        legalName: 'Asha Rao',
        accountNumber: '123456789012',
        confirmAccountNumber: '123456789012',
        ifsc: 'SBIN0001234',
        pan: 'ABCDE1234F',
        currentPassword: routeOwner.password,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Razorpay's review comes by webhook, after the save's answer.
    await expect
      .poll(
        async () => (await send(app, 'GET', '/api/owner/payout-details', routeOwner.cookie)).json<PayoutDetailsAnswer>().route,
      )
      .toEqual({ state: 'activated', missing: [] });

    const chosen = choice(routeCar.id);
    const result = (await payByUpi((await openOrder(chosen)).orderId, 'success@razorpay')).json<{
      razorpay_order_id: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
    }>();
    const booking = await requestBooking(app, renter, {
      ...chosen,
      razorpay: {
        orderId: result.razorpay_order_id,
        paymentId: result.razorpay_payment_id,
        signature: result.razorpay_signature,
      },
    });
    expect((await act(app, routeOwner.cookie, booking.id, 'accept')).statusCode).toBe(200);
    const transfers = () => [...providers.razorpay.transfers.values()].filter(({ notes }) => notes.booking_id === booking.id);
    // The owner's 80 % of ₹200, on hold until the earnings are released.
    expect(transfers().map(({ amount, on_hold }) => ({ amount, on_hold }))).toEqual([{ amount: 16_000, on_hold: true }]);
    await expect.poll(() => transfers()[0]?.status).toBe('processed');
  });

  it('fails the payment with failure@razorpay, and refuses any other UPI id', async () => {
    const order = await openOrder(choice());
    const failed = await payByUpi(order.orderId, 'failure@razorpay');
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({ error: { description: 'Payment failed', reason: 'payment_failed' } });
    const other = await payByUpi(order.orderId, 'someone@okbank');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: { description: expect.stringMatching(/success@razorpay/) } });
  });

  // Last: it restarts the stand-ins, which the app then no longer reaches.
  it('keeps the stand-ins’ records in its data folder: restarted, they still know the money of earlier bookings', async () => {
    const chosen = choice();
    const order = await openOrder(chosen);
    const paid = (await payByUpi(order.orderId, 'success@razorpay')).json<{
      razorpay_order_id: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
    }>();
    const byUpi = await requestBooking(app, renter, {
      ...chosen,
      razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
    });
    const byCard = await requestBooking(app, renter, { ...choice(), paymentToken: await tokenFor('4242 4242 4242 4242') });
    await providers.close();

    const restarted = await startDemoProviders({ DATA_DIR: dataDir });
    try {
      expect(restarted.razorpay.payments.get(byUpi.payment.ref ?? '')).toMatchObject({ status: 'authorized', amount: 20_000 });
      expect(restarted.card.intents.get(byCard.payment.ref ?? '')).toMatchObject({ status: 'requires_capture' });
      // What it makes next takes an id of its own, not one of the earlier records'.
      const again = restarted.razorpay.authorize(order.orderId);
      expect(again.razorpay_payment_id).not.toBe(paid.razorpay_payment_id);
      expect(restarted.razorpay.payments.size).toBe(providers.razorpay.payments.size + 1);
    } finally {
      await restarted.close();
    }
  });
});
