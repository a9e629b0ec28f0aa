import { Link } from 'react-router-dom';
import { PageSection } from '../components/PageSection';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { REMOVED_CONTENT } from '../domain/replaced-text';
import { usePublicConfig } from '../lib/public-config';
import { usePageTitle } from '../lib/usePageTitle';

/** How to reach the people who answer for the data: the support email when the server has one, the contact page always. */
function HowToAsk() {
  const { data: support } = usePublicConfig((config) => config.support);
  return (
    <p>
      Write to us through the <Link to={paths.contact}>contact page</Link>
      {support?.email ? (
        <>
          {' '}
          or at <a href={`mailto:${support.email}`}>{support.email}</a>
        </>
      ) : null}{' '}
      from the email address of your account, and say what you would like: a copy of what we hold about you, a correction, or its
      deletion. A person on our team answers each request. When we delete an account, its profile, its sign-ins and what you wrote
      go; we keep only what the section on how long we keep data says we must.
    </p>
  );
}

/** /privacy: what the server stores about people, why, for how long, who sees it, and how to have it deleted. */
export default function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">Privacy Policy</h1>
      </div>
      <PageSection>
        <div className="mx-auto" style={{ maxWidth: '48rem' }}>
          <p className="lead">
            {PRODUCT_NAME} keeps only what it needs to let you rent, list and talk about cars, and tells you here what that is. We
            do not sell it or show advertising, and nothing is loaded from other sites while you browse: a payment provider&apos;s
            checkout loads only when you choose to pay.
          </p>

          <h2 className="h4 mt-4">What we store, and why</h2>
          <ul>
            <li>
              <strong>Your account:</strong> your username, email address, role (renter, owner or admin), and the phone number and
              country you give us, so you can sign in and the other side of a booking can reach you. Your password is stored only
              as a scrypt hash: nobody here can read it.
            </li>
            <li>
              <strong>Your sign-ins:</strong> one cookie, holding a random token; we store only a hash of it, with when it was
              made and when it expires, and the time you last signed in. There are no tracking or advertising cookies.
            </li>
            <li>
              <strong>Protection against abuse:</strong> failed sign-ins, registrations and password reset requests, with the
              network address they came from, kept only as long as the limit that counts them (an hour at most); a password reset
              link is stored as a hash and works once.
            </li>
            <li>
              <strong>Bookings:</strong> the car, the period, whether you asked for a driver, the price and total, where the
              booking stands and its history, and any reason given for declining or cancelling it.
            </li>
            <li>
              <strong>Payments:</strong> only the payment provider&apos;s reference, the way you paid (such as UPI or card) and
              where the money stands. Your card number, UPI ID and bank details go to the provider (Stripe or Razorpay) and never
              reach us.
            </li>
            <li>
              <strong>Cars you list:</strong> their details, photos, city and pickup area, shown to everyone while listed.
            </li>
            <li>
              <strong>What you write:</strong> reviews of cars you rented, owners&apos; replies, and comments on the blog, with
              your username and when you wrote them.
            </li>
            <li>
              <strong>Messages to us:</strong> your name, email address and message from the contact page, with the network
              address it was sent from, which limits how many messages one address can send.
            </li>
            <li>
              <strong>The newsletter:</strong> the email address you signed up with.
            </li>
            <li>
              <strong>Mail we send you</strong> (password resets, booking news): a copy of each, with whether it was delivered.
            </li>
            <li>
              <strong>What admins do:</strong> every admin action (disabling an account, delisting a car, cancelling a booking,
              removing a comment) is recorded with the admin&apos;s reason, and that record cannot be changed or deleted.
            </li>
          </ul>

          <h2 className="h4 mt-4">How long we keep it</h2>
          <p>
            Your account and what you wrote stay while your account exists. A sign-in is removed when you sign out, or sign out of
            all devices from your account page, and an expired one at your next sign-in. Bookings, their payment references, tax
            invoices and the admins&apos; record are kept after an account is deleted, because they are the record of money that
            changed hands and the law requires them. Deleting a comment overwrites its text; one an admin removes reads &ldquo;
            {REMOVED_CONTENT}&rdquo;.
          </p>

          <h2 className="h4 mt-4">Who sees what</h2>
          <ul>
            <li>Everyone: listed cars, reviews and comments, with the username of whoever wrote them.</li>
            <li>
              A car&apos;s owner: the bookings asked for that car and the renter&apos;s username; once a booking is accepted, the
              renter&apos;s phone number and email address too. The renter then sees the owner&apos;s name and phone number.
            </li>
            <li>Our admins: everything above, contact messages and newsletter sign-ups, to run the platform and answer you.</li>
            <li>
              The payment provider you choose, for your payment; and the mail service that delivers our mail, for your email
              address.
            </li>
          </ul>

          <h2 className="h4 mt-4">Asking for your data, or for its deletion</h2>
          <HowToAsk />
          <p className="mb-0">
            The rules of renting and listing are in our <Link to={paths.terms}>Terms of Use</Link>.
          </p>
        </div>
      </PageSection>
    </>
  );
}
