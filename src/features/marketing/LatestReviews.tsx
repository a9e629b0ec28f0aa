import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { Settings } from 'react-slick';
import { AutoplaySlider } from '../../components/AutoplaySlider';
import { PageSection } from '../../components/PageSection';
import { ReviewStars } from '../../components/StarRating';
import type { LatestReview } from '../../domain/contract';
import { formatIndiaDate } from '../../domain/india-time';
import { useNearViewport } from '../../lib/useInViewport';
import { useLatestReviews } from './queries';
import { t, Words } from './words';

/** Three at a time, two below 992 px, one below 576 px. */
const settings: Settings = {
  slidesToShow: 3,
  slidesToScroll: 1,
  autoplay: true,
  autoplaySpeed: 4000,
  speed: 1000,
  infinite: true,
  dots: true,
  arrows: false,
  pauseOnHover: true,
  pauseOnFocus: true,
  responsive: [
    { breakpoint: 992, settings: { slidesToShow: 2 } },
    { breakpoint: 576, settings: { slidesToShow: 1 } },
  ],
};

function ReviewCard({ review }: { review: LatestReview }) {
  return (
    <Card as="figure" className="h-100 border-0 shadow-sm m-0">
      <Card.Body className="d-flex flex-column gap-2">
        <ReviewStars rating={review.rating} />
        <blockquote className="mb-0 flex-grow-1">
          <p className="mb-0">{review.comment}</p>
        </blockquote>
        <figcaption>
          <span className="d-block fw-semibold text-navy">{review.author}</span>
          <span className="d-block small text-muted">
            <Words id="site.reviews.car" values={{ car: review.car.carName }} components={{ 0: <Link to={review.car.path} /> }} />
            {' · '}
            <time dateTime={review.createdAt}>{formatIndiaDate(review.createdAt)}</time>
          </span>
        </figcaption>
      </Card.Body>
    </Card>
  );
}

/**
 * Renters' own words: the newest reviews with a comment, whatever their stars, each with the car it
 * is about. Asked for when a person scrolls toward it, so the first screen still asks the API
 * nothing; until then, and when there are none, the page has no such section at all (a heading over
 * nothing would promise reviews that are not there). It arrives while still a screen away, below
 * what is being read.
 */
export function LatestReviews() {
  const { ref, near } = useNearViewport();
  const reviews = useLatestReviews({ enabled: near }).data ?? [];
  if (reviews.length === 0) return <div ref={ref} />;
  return (
    <PageSection heading={{ lead: t('site.home.reviewsLead'), title: t('site.home.reviewsTitle') }} band>
      <AutoplaySlider label={t('site.reviews.label')} settings={settings}>
        {reviews.map((review) => (
          <div key={review.id} className="px-2 pb-2 h-100">
            <ReviewCard review={review} />
          </div>
        ))}
      </AutoplaySlider>
    </PageSection>
  );
}
