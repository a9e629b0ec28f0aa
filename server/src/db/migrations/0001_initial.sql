-- The first schema: accounts and sessions, the fleet and owners' cars in one table, bookings that the
-- database itself keeps from overlapping, blog posts with comments and replies, and the messages
-- the contact form and newsletter leave. Statements are separated by breakpoint lines because
-- PGlite runs one statement per call.

CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL CHECK (length(username) BETWEEN 1 AND 50),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'owner', 'admin')),
  phone_number text,
  country text,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX accounts_username_lower_idx ON accounts (lower(username));
--> statement-breakpoint
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX sessions_account_idx ON sessions (account_id);
--> statement-breakpoint
CREATE TABLE sign_in_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject text NOT NULL,
  address text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX sign_in_failures_subject_idx ON sign_in_failures (subject, failed_at);
--> statement-breakpoint
CREATE INDEX sign_in_failures_address_idx ON sign_in_failures (address, failed_at);
--> statement-breakpoint
CREATE TABLE cars (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('fleet', 'listed')),
  owner_id uuid REFERENCES accounts (id),
  catalogue_id text UNIQUE,
  car_name text NOT NULL CHECK (length(car_name) BETWEEN 1 AND 100),
  img_url text NOT NULL,
  price integer NOT NULL CHECK (price BETWEEN 1 AND 1000000),
  description text NOT NULL CHECK (length(description) <= 2000),
  brand text,
  model text,
  rating integer,
  speed text,
  gps text,
  seat_type text,
  automatic text,
  delisted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'fleet' AND owner_id IS NULL) OR (kind = 'listed' AND owner_id IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX cars_owner_idx ON cars (owner_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX cars_name_lower_idx ON cars (lower(car_name));
--> statement-breakpoint
CREATE TABLE bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  car_id uuid NOT NULL REFERENCES cars (id),
  renter_id uuid NOT NULL REFERENCES accounts (id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  period tstzrange GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED,
  hours integer NOT NULL CHECK (hours BETWEEN 1 AND 720),
  driver boolean NOT NULL,
  price_per_day integer NOT NULL CHECK (price_per_day BETWEEN 1 AND 1000000),
  total integer NOT NULL CHECK (total >= 0),
  amount_paise bigint NOT NULL CHECK (amount_paise = total::bigint * 100),
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'accepted', 'declined', 'cancelled')),
  payment_ref text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CONSTRAINT bookings_no_overlap EXCLUDE USING gist (car_id WITH =, period WITH &&) WHERE (status = 'accepted')
);
--> statement-breakpoint
CREATE INDEX bookings_renter_idx ON bookings (renter_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX bookings_car_idx ON bookings (car_id, created_at DESC);
--> statement-breakpoint
CREATE TABLE blog_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  catalogue_id text NOT NULL UNIQUE,
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  author text NOT NULL,
  date text NOT NULL,
  time text NOT NULL,
  img_url text NOT NULL,
  description text NOT NULL,
  quote text NOT NULL,
  position integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id uuid REFERENCES blog_posts (id),
  parent_id uuid REFERENCES comments (id) ON DELETE CASCADE,
  account_id uuid REFERENCES accounts (id),
  author text NOT NULL CHECK (length(author) BETWEEN 1 AND 50),
  content text NOT NULL CHECK (length(content) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_id IS NULL OR post_id IS NULL)
);
--> statement-breakpoint
CREATE INDEX comments_post_idx ON comments (post_id, created_at);
--> statement-breakpoint
CREATE INDEX comments_parent_idx ON comments (parent_id, created_at);
--> statement-breakpoint
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  message text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX contact_messages_address_idx ON contact_messages (address, created_at);
--> statement-breakpoint
CREATE TABLE newsletter_signups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
