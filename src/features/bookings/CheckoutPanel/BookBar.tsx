import type { RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { t } from '../words';

interface BookBarProps {
  /** The total as the checkout shows it. */
  total: string;
  /** The checkout the bar leads to. */
  checkout: RefObject<HTMLElement | null>;
  /** Whether that checkout is on screen, when the bar steps aside. */
  checkoutOnScreen: boolean;
}

/**
 * On a phone the checkout comes after the car's details, photos and reviews, some 1,800 px down:
 * this bar at the foot of the screen keeps its total and a way to it in sight until the checkout
 * itself is. From lg on the checkout stands beside the details and the bar is not shown.
 */
export function BookBar({ total, checkout, checkoutOnScreen }: BookBarProps) {
  if (checkoutOnScreen) return null;
  const goToCheckout = () => {
    const element = checkout.current;
    if (!element) return;
    element.scrollIntoView({ block: 'start', behavior: 'smooth' });
    // Keyboard and screen reader users land where the eye does.
    element.focus({ preventScroll: true });
  };
  return (
    <section className="book-bar fixed-bottom d-lg-none bg-white border-top shadow py-2" aria-label={t('bookings.bookBar.label')}>
      <Container className="d-flex align-items-center justify-content-between gap-3">
        <p className="mb-0 lh-sm">
          <span className="d-block small text-muted">{t('bookings.total.title')}</span>
          <span className="fs-5 fw-bold price">{total}</span>
        </p>
        <Button variant="primary" size="lg" onClick={goToCheckout}>
          {t('bookings.bookBar.book')}
        </Button>
      </Container>
    </section>
  );
}
