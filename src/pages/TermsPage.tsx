import { Link } from 'react-router-dom';
import { PageSection } from '../components/PageSection';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { MAX_HOLD_MS } from '../domain/booking-states';
import { DRIVER_SURCHARGE_PER_HOUR } from '../domain/booking-total';
import { REMOVED_CONTENT } from '../domain/replaced-text';
import { ADMIN_REASON_MAX, BOOKING_MAX_HOURS } from '../domain/limits';
import { formatRupees } from '../domain/money';
import { usePageTitle } from '../lib/usePageTitle';

const HOURS_PER_DAY = 24;
const MS_PER_DAY = HOURS_PER_DAY * 60 * 60 * 1000;

/** /terms: the rules of booking, paying, cancelling, listing and writing, in the words of the domain's own rules. */
export default function TermsPage() {
  usePageTitle('Terms of Use');
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">Terms of Use</h1>
      </div>
      <PageSection>
        <div className="mx-auto" style={{ maxWidth: '48rem' }}>
          <p className="lead">
            {PRODUCT_NAME} brings together people who need a car and the owners who rent theirs out, beside a fleet of our own. By
            booking, listing or commenting you agree to these rules.
          </p>

          <h2 className="h4 mt-4">Prices</h2>
          <ul>
            <li>Every price is in whole rupees per hour, and the page of each car shows its price.</li>
            <li>
              A booking costs its whole hours times the car&apos;s price per hour: a period is counted in whole hours, rounded
              down, and lasts at most {BOOKING_MAX_HOURS} hours ({BOOKING_MAX_HOURS / HOURS_PER_DAY} days).
            </li>
            <li>
              A driver adds {formatRupees(DRIVER_SURCHARGE_PER_HOUR)} an hour. Where GST applies, it is added to the total and
              shown before you pay.
            </li>
            <li>The total you see before sending a request is the amount charged; the price of the car when you asked holds.</li>
          </ul>

          <h2 className="h4 mt-4">Requests and payment</h2>
          <ul>
            <li>
              Booking a car sends its owner a request (for our fleet, to us). The car is yours only once the request is accepted.
            </li>
            <li>
              When you pay with the request, the money is held, not taken: it is taken when the request is accepted, and let go if
              the request is declined, cancelled or expires.
            </li>
            <li>
              A request nobody has answered expires when its period begins, or, when money is held for it,{' '}
              {MAX_HOLD_MS / MS_PER_DAY} days after it was sent if that comes sooner.
            </li>
          </ul>

          <h2 className="h4 mt-4">Cancelling</h2>
          <ul>
            <li>
              You can cancel your request or your accepted booking until its period begins; from then on the car is yours for the
              period. Money held is let go; money already taken for an accepted booking is refunded in full.
            </li>
            <li>
              We may cancel any booking until its period ends, for example for an unsafe car or a broken rule, always with a
              reason (of at most {ADMIN_REASON_MAX} characters) that the renter and the owner both read and are mailed; the
              renter&apos;s money is refunded in full, or its hold let go.
            </li>
            <li>The owner answers a request by accepting or declining it; an owner does not cancel an accepted booking.</li>
          </ul>

          <h2 className="h4 mt-4">Listing a car</h2>
          <ul>
            <li>Owners list only cars they may rent out, describe them truthfully and keep their availability up to date.</li>
            <li>
              We may delist a car that breaks these rules, with a reason its owner reads, and list it again once it is put right.
            </li>
          </ul>

          <h2 className="h4 mt-4">Reviews and comments</h2>
          <ul>
            <li>
              After a trip has ended, its renter may review it once, with one to five stars and a few words; the car&apos;s owner
              may reply once.
            </li>
            <li>
              You may delete your own comments. We remove comments and reviews that are abusive, unlawful or off topic, always
              with a reason kept on record; a removed one reads &ldquo;{REMOVED_CONTENT}&rdquo;.
            </li>
            <li>We may disable an account that breaks these rules; its owner can then no longer sign in.</li>
          </ul>

          <p className="mb-0">
            What we store about you and how to have it deleted is in our <Link to={paths.privacy}>Privacy Policy</Link>.
            Questions: the <Link to={paths.contact}>contact page</Link>.
          </p>
        </div>
      </PageSection>
    </>
  );
}
