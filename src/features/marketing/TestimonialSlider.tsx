import Card from 'react-bootstrap/Card';
import type { Settings } from 'react-slick';
import { testimonials } from '../../data/testimonials';
import { AutoplaySlider } from '../../components/AutoplaySlider';
import { t } from './words';

/** The spec's testimonial carousel: three at a time, two below 992 px, one below 576 px (section 9). */
const settings: Settings = {
  slidesToShow: 3,
  slidesToScroll: 1,
  autoplay: true,
  autoplaySpeed: 2000,
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

export function TestimonialSlider() {
  return (
    <AutoplaySlider label={t('site.testimonials.label')} settings={settings}>
      {testimonials.map((testimonial) => (
        <div key={testimonial.id} className="px-2 pb-2 h-100">
          <Card as="figure" className="h-100 border-0 shadow-sm m-0">
            <Card.Body>
              <blockquote className="mb-3">
                <p className="mb-0">{testimonial.text}</p>
              </blockquote>
              <figcaption className="d-flex align-items-center gap-3">
                <img src={testimonial.avatar} alt="" width={96} height={96} className="avatar" loading="lazy" />
                <span>
                  <span className="d-block fw-semibold text-navy">{testimonial.name}</span>
                  <span className="d-block small text-muted">{testimonial.label}</span>
                </span>
              </figcaption>
            </Card.Body>
          </Card>
        </div>
      ))}
    </AutoplaySlider>
  );
}
