import { DEFAULT_CANCELLATION_POLICY } from '#domain/cancellation';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('loadConfig', () => {
  it("uses the contract's defaults when nothing is set", () => {
    expect(loadConfig({})).toEqual({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      uploadsDir: 'data/uploads',
      s3: undefined,
      databaseTimeouts: { connectMs: 4000, queryMs: 4000 },
      corsOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
      cookieSecure: false,
      admin: undefined,
      staticDir: undefined,
      trustProxy: false,
      logLevel: 'info',
      requestsPerMinute: 1200,
      scryptCost: 32768,
      quotas: {
        registrationsPerHour: 10,
        commentsPerTenMinutes: 20,
        bookingRequestsPerHour: 30,
        bookingMessagesPerMinute: 10,
        carsPerOwner: 100,
        photoUploadsPerHour: 60,
      },
      support: {},
      social: {},
      cardPayments: undefined,
      razorpay: undefined,
      gst: undefined,
      // A fifth of each booking's pre-tax price, no tax withheld, available when the trip completes a day
      // after its end, paid from ₹100, on Mondays; a no-show said from two hours after the start.
      money: {
        rates: { commissionBps: 2000, tdsBps: 0 },
        claimWindowHours: 24,
        noShowHours: 2,
        payoutHoldHours: 0,
        minPayoutPaise: 10_000,
        payoutDay: 1,
        cancellation: DEFAULT_CANCELLATION_POLICY,
      },
      // A deposit from ₹1,000 to ₹25,000; a late hour at half as much again as a booked one.
      trips: { depositMinPaise: 100_000, depositMaxPaise: 2_500_000, lateFeeBps: 15_000 },
      requestTimeoutMs: 30_000,
      idleTimeoutMs: 10_000,
      requestDeadlineMs: 8_000,
      publicUrl: 'http://localhost:4000',
      mail: {
        smtpUrl: undefined,
        from: 'WheelsOnWeb <no-reply@localhost>',
        outboxDir: 'data/outbox',
        pollMs: 1000,
        retryBaseMs: 30_000,
        maxAttempts: 5,
      },
      sms: {
        fast2sms: undefined,
        phoneCodeTemplates: {},
        outboxDir: 'data/sms-outbox',
        pollMs: 1000,
        retryBaseMs: 15_000,
        maxAttempts: 4,
      },
      clockStartAt: undefined,
      licences: { check: true, minRenterAge: 21, dir: path.join('data', 'licences') },
      tripPhotosDir: path.join('data', 'trip-photos'),
    });
  });

  it('starts a test server at TEST_CLOCK_START, and refuses it to a production start', () => {
    expect(loadConfig({ TEST_CLOCK_START: '2030-01-31T10:00:00+05:30' }).clockStartAt).toEqual(new Date('2030-01-31T04:30:00Z'));
    expect(() => loadConfig({ TEST_CLOCK_START: 'tomorrow' })).toThrow('TEST_CLOCK_START must be an ISO instant');
    expect(() => loadConfig({ TEST_CLOCK_START: '2030-01-31T10:00:00+05:30', NODE_ENV: 'production' })).toThrow(
      'TEST_CLOCK_START is for tests: a production server runs on the real clock',
    );
  });

  it('takes the deposit bounds and the late fee, refusing a minimum above the maximum or above the ceiling', () => {
    expect(loadConfig({ DEPOSIT_MIN_PAISE: '50000', DEPOSIT_MAX_PAISE: '5000000', LATE_FEE_BPS: '20000' }).trips).toEqual({
      depositMinPaise: 50_000,
      depositMaxPaise: 5_000_000,
      lateFeeBps: 20_000,
    });
    expect(() => loadConfig({ DEPOSIT_MIN_PAISE: '300000', DEPOSIT_MAX_PAISE: '200000' })).toThrow(
      'DEPOSIT_MIN_PAISE must not be above DEPOSIT_MAX_PAISE',
    );
    expect(() => loadConfig({ DEPOSIT_MAX_PAISE: '10000001' })).toThrow('DEPOSIT_MAX_PAISE');
    expect(() => loadConfig({ LATE_FEE_BPS: '-1' })).toThrow('LATE_FEE_BPS');
  });

  it('builds mail links from PUBLIC_URL (without a trailing slash), and from the port when it is unset', () => {
    expect(loadConfig({ PORT: '4310' }).publicUrl).toBe('http://localhost:4310');
    const config = loadConfig({ PUBLIC_URL: 'https://wheelsonweb.in/', SMTP_URL: 'smtps://user:pass@mail.example.com:465' });
    expect(config.publicUrl).toBe('https://wheelsonweb.in');
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      from: 'WheelsOnWeb <no-reply@wheelsonweb.in>',
    });
    expect(loadConfig({ MAIL_FROM: 'Rentals <rent@example.in>' }).mail.from).toBe('Rentals <rent@example.in>');
  });

  it.each([
    [{ PUBLIC_URL: 'wheelsonweb.in' }, 'PUBLIC_URL must be an http:// or https:// address'],
    [{ PUBLIC_URL: 'ftp://wheelsonweb.in' }, 'PUBLIC_URL must be an http:// or https:// address'],
    [{ SMTP_URL: 'mail.example.com:587' }, 'SMTP_URL must be an smtp:// or smtps:// address'],
  ])('refuses a mail setting it cannot use (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes card payments when both Stripe keys are set, from the provider at STRIPE_API_BASE when given', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.cardPayments).toEqual({
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      apiBase: new URL('http://127.0.0.1:12111'),
    });
  });

  it.each([[{ STRIPE_SECRET_KEY: 'sk_test_abc' }], [{ VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }]])(
    'refuses to start with one Stripe key and not the other (%o)',
    (env) => {
      expect(() => loadConfig(env)).toThrow('STRIPE_SECRET_KEY and VITE_STRIPE_PUBLISHABLE_KEY must be set together, or neither');
    },
  );

  it('takes Razorpay when its key id and secret are set, from its own host unless RAZORPAY_API_BASE says otherwise', () => {
    expect(loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_KEY_SECRET: 'secret' }).razorpay).toEqual({
      keyId: 'rzp_test_abc',
      keySecret: 'secret',
      webhookSecret: undefined,
      apiBase: new URL('https://api.razorpay.com'),
      route: false,
    });
    expect(
      loadConfig({
        RAZORPAY_KEY_ID: 'rzp_test_abc',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'hook',
        RAZORPAY_API_BASE: 'http://127.0.0.1:12112',
      }).razorpay,
    ).toMatchObject({ webhookSecret: 'hook', apiBase: new URL('http://127.0.0.1:12112') });
  });

  it.each([[{ RAZORPAY_KEY_ID: 'rzp_test_abc' }], [{ RAZORPAY_KEY_SECRET: 'secret' }]])(
    'refuses to start with one Razorpay key and not the other (%o)',
    (env) => {
      expect(() => loadConfig(env)).toThrow('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together, or neither');
    },
  );

  it('pays owners by Razorpay Route with RAZORPAY_ROUTE, and only with the keys and webhook secret it needs', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' };
    expect(loadConfig({ ...keys, RAZORPAY_ROUTE: 'true' }).razorpay?.route).toBe(true);
    const needs =
      'RAZORPAY_ROUTE=true pays owners through Razorpay Route: it needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET';
    expect(() => loadConfig({ RAZORPAY_ROUTE: 'true' })).toThrow(needs);
    expect(() => loadConfig({ ...keys, RAZORPAY_WEBHOOK_SECRET: '', RAZORPAY_ROUTE: 'true' })).toThrow(needs);
    expect(() => loadConfig({ ...keys, RAZORPAY_ROUTE: 'yes' })).toThrow('RAZORPAY_ROUTE');
  });

  it('sends texts through Fast2SMS with every DLT setting, and refuses to start with any missing', () => {
    const full = {
      SMS_PROVIDER: 'fast2sms',
      SMS_API_KEY: 'key',
      SMS_DLT_ENTITY_ID: '1101234567890123456',
      SMS_SENDER: 'WHLWEB',
      SMS_TEMPLATE_OTP_EN: '1107123456789012345',
    };
    expect(loadConfig(full).sms).toMatchObject({
      fast2sms: {
        apiKey: 'key',
        entityId: '1101234567890123456',
        sender: 'WHLWEB',
        apiBase: new URL('https://www.fast2sms.com'),
      },
      phoneCodeTemplates: { en: '1107123456789012345' },
    });
    expect(() => loadConfig({ ...full, SMS_SENDER: '' })).toThrow('SMS_SENDER is not set');
    expect(() => loadConfig({ SMS_PROVIDER: 'fast2sms', SMS_API_KEY: 'key' })).toThrow(
      'SMS_DLT_ENTITY_ID and SMS_SENDER and SMS_TEMPLATE_OTP_EN are not set',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91' })).toThrow('SMS_PROVIDER');
  });

  it('refuses a Razorpay key id that is not one', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'key_abc', RAZORPAY_KEY_SECRET: 'secret' })).toThrow('RAZORPAY_KEY_ID');
  });

  it('takes the money rules from the environment, and refuses rates past the whole or a day that is not one', () => {
    expect(
      loadConfig({
        COMMISSION_BPS: '1500',
        TDS_BPS: '100',
        CLAIM_WINDOW_HOURS: '72',
        NO_SHOW_HOURS: '3',
        PAYOUT_HOLD_HOURS: '12',
        MIN_PAYOUT_PAISE: '50000',
        PAYOUT_DAY: 'Friday',
        FREE_CANCEL_HOURS: '48',
        LATE_CANCEL_REFUND_BPS: '2500',
      }).money,
    ).toEqual({
      rates: { commissionBps: 1500, tdsBps: 100 },
      claimWindowHours: 72,
      noShowHours: 3,
      payoutHoldHours: 12,
      minPayoutPaise: 50_000,
      payoutDay: 5,
      cancellation: { freeCancelHours: 48, lateRefundBps: 2500 },
    });
    expect(loadConfig({}).money.cancellation).toEqual({ freeCancelHours: 24, lateRefundBps: 5000 });
    expect(() => loadConfig({ LATE_CANCEL_REFUND_BPS: '10001' })).toThrow('LATE_CANCEL_REFUND_BPS');
    expect(() => loadConfig({ FREE_CANCEL_HOURS: '-1' })).toThrow('FREE_CANCEL_HOURS');
    expect(() => loadConfig({ COMMISSION_BPS: '10001' })).toThrow('COMMISSION_BPS');
    expect(() => loadConfig({ TDS_BPS: '-1' })).toThrow('TDS_BPS');
    expect(() => loadConfig({ PAYOUT_HOLD_HOURS: '721' })).toThrow('PAYOUT_HOLD_HOURS');
    // Under an hour, a completed booking could overlap a request made in the minutes' grace after its start.
    expect(() => loadConfig({ CLAIM_WINDOW_HOURS: '0' })).toThrow('CLAIM_WINDOW_HOURS');
    expect(() => loadConfig({ CLAIM_WINDOW_HOURS: '721' })).toThrow('CLAIM_WINDOW_HOURS');
    expect(() => loadConfig({ NO_SHOW_HOURS: '0' })).toThrow('NO_SHOW_HOURS');
    expect(() => loadConfig({ NO_SHOW_HOURS: '25' })).toThrow('NO_SHOW_HOURS');
    expect(() => loadConfig({ NO_SHOW_HOURS: '1.5' })).toThrow('NO_SHOW_HOURS');
    expect(() => loadConfig({ PAYOUT_DAY: 'someday' })).toThrow('PAYOUT_DAY must be a day of the week');
  });

  it('charges GST with a rate, a GSTIN and a state, all three', () => {
    expect(loadConfig({ GST_RATE_BPS: '1800', GSTIN: '29abcde1234f1z5', GST_STATE: 'Karnataka' }).gst).toEqual({
      rateBps: 1800,
      gstin: '29ABCDE1234F1Z5',
      state: 'Karnataka',
    });
    expect(() => loadConfig({ GST_RATE_BPS: '1800' })).toThrow('GST_RATE_BPS, GSTIN and GST_STATE must be set together');
    expect(() => loadConfig({ GSTIN: '29ABCDE1234F1Z5', GST_STATE: 'Karnataka' })).toThrow(
      'GST_RATE_BPS, GSTIN and GST_STATE must be set together',
    );
  });

  it.each([
    [{ GST_RATE_BPS: '0' }, 'GST_RATE_BPS'],
    [{ GST_RATE_BPS: '2801' }, 'GST_RATE_BPS'],
    [{ GST_RATE_BPS: '18.5' }, 'GST_RATE_BPS'],
    [{ GSTIN: '29ABCDE1234F1X5' }, 'GSTIN'],
    [{ GSTIN: '29ABCDE1234F1Z' }, 'GSTIN'],
  ])('refuses a bad GST setting (%o)', (env, name) => {
    expect(() => loadConfig({ GST_RATE_BPS: '1800', GSTIN: '29ABCDE1234F1Z5', GST_STATE: 'Karnataka', ...env })).toThrow(
      `${name} must`,
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://app@db:5432/wheels',
      DATA_DIR: '/var/lib/wheels',
      DATABASE_CONNECT_TIMEOUT_MS: '2500',
      DATABASE_QUERY_TIMEOUT_MS: '8000',
      CORS_ORIGINS: 'https://wheelsonweb.in, https://www.wheelsonweb.in',
      COOKIE_SECURE: 'true',
      ADMIN_EMAIL: 'root@wheelsonweb.in',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'long-admin-password',
      STATIC_DIR: 'dist',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      REQUESTS_PER_MINUTE: '600',
      REGISTRATIONS_PER_HOUR: '50',
      PHOTO_UPLOADS_PER_HOUR: '120',
      SCRYPT_COST: '65536',
      SUPPORT_PHONE: '+91 80 4000 4000',
      SUPPORT_EMAIL: 'help@wheelsonweb.in',
      SUPPORT_ADDRESS: '27 Residency Road, Bengaluru 560025',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://app@db:5432/wheels',
      dataDir: '/var/lib/wheels',
      databaseTimeouts: { connectMs: 2500, queryMs: 8000 },
      corsOrigins: ['https://wheelsonweb.in', 'https://www.wheelsonweb.in'],
      cookieSecure: true,
      admin: { email: 'root@wheelsonweb.in', username: 'root', password: 'long-admin-password' },
      staticDir: 'dist',
      trustProxy: 1,
      logLevel: 'warn',
      requestsPerMinute: 600,
      quotas: { registrationsPerHour: 50, photoUploadsPerHour: 120 },
      scryptCost: 65536,
      support: { phone: '+91 80 4000 4000', email: 'help@wheelsonweb.in', address: '27 Residency Road, Bengaluru 560025' },
    });
  });

  it('takes each social profile set, trimmed, and leaves out the ones unset or empty', () => {
    expect(
      loadConfig({
        SOCIAL_FACEBOOK_URL: ' https://www.facebook.com/wheelsonweb ',
        SOCIAL_INSTAGRAM_URL: '',
        SOCIAL_X_URL: 'https://x.com/wheelsonweb',
        SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@wheelsonweb',
      }).social,
    ).toEqual({
      facebook: 'https://www.facebook.com/wheelsonweb',
      x: 'https://x.com/wheelsonweb',
      youtube: 'https://www.youtube.com/@wheelsonweb',
    });
  });

  it.each([
    ['SOCIAL_FACEBOOK_URL', 'http://www.facebook.com/wheelsonweb'],
    ['SOCIAL_INSTAGRAM_URL', 'instagram.com/wheelsonweb'],
    ['SOCIAL_X_URL', 'javascript:alert(1)'],
    ['SOCIAL_LINKEDIN_URL', '#'],
    ['SOCIAL_YOUTUBE_URL', 'ftp://youtube.com/wheelsonweb'],
  ])('stops the start when %s is not an https:// address (%s), naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}: ${name} must be an https:// address`);
  });

  it('keeps photos in UPLOADS_DIR, or in uploads/ under DATA_DIR, or in the temporary folder for a database in memory', () => {
    expect(loadConfig({ UPLOADS_DIR: '/srv/photos', DATA_DIR: '/var/lib/wheels' }).uploadsDir).toBe('/srv/photos');
    expect(loadConfig({ DATA_DIR: '/var/lib/wheels' }).uploadsDir).toBe('/var/lib/wheels/uploads');
    expect(loadConfig({ DATA_DIR: 'memory://' }).uploadsDir).toBe(path.join(tmpdir(), 'wheelsonweb-uploads'));
  });

  const S3_STORE = {
    S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com/',
    S3_BUCKET: 'wheelsonweb-photos',
    S3_REGION: 'ap-south-1',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: ' secret with spaces ',
  };

  it('keeps photos in an S3-compatible store when all five S3 variables are set, served from S3_PUBLIC_URL when it is', () => {
    expect(loadConfig(S3_STORE).s3).toEqual({
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      bucket: 'wheelsonweb-photos',
      region: 'ap-south-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: ' secret with spaces ',
      publicUrl: undefined,
    });
    expect(loadConfig({ ...S3_STORE, S3_PUBLIC_URL: 'https://photos.wheelsonweb.in/' }).s3?.publicUrl).toBe(
      'https://photos.wheelsonweb.in',
    );
    expect(loadConfig({ S3_BUCKET: '', S3_PUBLIC_URL: ' ' }).s3).toBeUndefined();
  });

  it('stops the start when only some of the S3 variables are set, naming the missing ones', () => {
    const { S3_REGION: _region, S3_SECRET_ACCESS_KEY: _secret, ...partial } = S3_STORE;
    expect(() => loadConfig(partial)).toThrow(
      'S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together, or none of them: S3_REGION and S3_SECRET_ACCESS_KEY are not set',
    );
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow(
      'S3_ENDPOINT and S3_REGION and S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not set',
    );
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://photos.wheelsonweb.in' })).toThrow(
      'S3_PUBLIC_URL is set without a photo store',
    );
  });

  it.each([
    [{ S3_ENDPOINT: 's3.ap-south-1.amazonaws.com' }, 'S3_ENDPOINT: S3_ENDPOINT must be an http:// or https:// address'],
    [{ S3_PUBLIC_URL: 'ftp://photos.wheelsonweb.in' }, 'S3_PUBLIC_URL: S3_PUBLIC_URL must be an http:// or https:// address'],
    [{ S3_PUBLIC_URL: 'https://cdn.example.in/a,b' }, 'S3_PUBLIC_URL: S3_PUBLIC_URL must not contain a comma'],
  ])('refuses a photo store address it cannot use (%o)', (env, message) => {
    expect(() => loadConfig({ ...S3_STORE, ...env })).toThrow(message);
  });

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    [' 10.0.0.0/8, ::1 ,fd00::/8,loopback', ['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%j as a hop count or the proxies it names, or none', (value, trusted) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trusted);
  });

  it('refuses TRUST_PROXY=true, which would let any client choose its own address, saying what to give instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would believe X-Forwarded-For from anyone.*TRUST_PROXY=1 for one reverse proxy.*TRUST_PROXY=127\.0\.0\.1/,
    );
  });

  it.each(['yes', '10.0.0.0/33', '::1/129', '10.0.0.1,proxy.example.com', '11', '10.0.0.0/8/1'])(
    'refuses TRUST_PROXY=%j, naming it',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY');
    },
  );

  it('stops the start when only some of the admin variables are set, naming the missing one', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@wheelsonweb.in', ADMIN_PASSWORD: 'long-admin-password' })).toThrow(
      'Invalid server configuration:\nADMIN_EMAIL, ADMIN_USERNAME and ADMIN_PASSWORD must be set together, or none of them: ADMIN_USERNAME is not set',
    );
    expect(() => loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: '' })).toThrow(
      'ADMIN_EMAIL and ADMIN_PASSWORD are not set',
    );
  });

  it("stops the start when ADMIN_PASSWORD is shorter than the contract's 8 characters", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@wheelsonweb.in', ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'seven77' })).toThrow(
      'Invalid server configuration:\nADMIN_PASSWORD must be 8 to 128 characters',
    );
  });

  it('names ADMIN_EMAIL and ADMIN_USERNAME when they are not what registration takes', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root', ADMIN_USERNAME: 'root@home', ADMIN_PASSWORD: 'long-admin-password' })).toThrow(
      'Invalid server configuration:\nADMIN_EMAIL must be an email address\nADMIN_USERNAME must be 1 to',
    );
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/wheels' }],
    ['COOKIE_SECURE', { COOKIE_SECURE: 'yes please' }],
    ['SCRYPT_COST', { SCRYPT_COST: '1000' }],
    ['SCRYPT_COST', { SCRYPT_COST: '8192' }],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'pk_test_swapped', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }],
    ['VITE_STRIPE_PUBLISHABLE_KEY', { STRIPE_SECRET_KEY: 'sk_test_abc', VITE_STRIPE_PUBLISHABLE_KEY: 'sk_test_swapped' }],
    ['STRIPE_API_BASE', { STRIPE_API_BASE: 'ftp://127.0.0.1' }],
    ['SUPPORT_EMAIL', { SUPPORT_EMAIL: 'not an email' }],
  ])('refuses a bad %s, naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
