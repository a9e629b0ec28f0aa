import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { SectionTitle } from '../../components/SectionTitle';
import { t } from './words';

const promises = [
  'site.aboutSection.pickUp',
  'site.aboutSection.checked',
  'site.aboutSection.drivers',
  'site.aboutSection.onePrice',
] as const;

/** Who we are, shown on the home page and the About page. */
export function AboutSection() {
  return (
    <Row className="align-items-center g-4">
      <Col lg={6}>
        <SectionTitle lead={t('site.aboutSection.lead')} title={t('site.aboutSection.title')} className="mb-3" />
        <p>{t('site.aboutSection.text')}</p>
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 g-2 mb-0">
          {promises.map((promise) => (
            <li key={promise} className="col">
              <span className="text-primary fw-bold" aria-hidden="true">
                ✓
              </span>{' '}
              {t(promise)}
            </li>
          ))}
        </ul>
      </Col>
      <Col lg={6}>
        <div className="ratio ratio-16x10">
          <img
            src="/images/cars/mercedes-benz-xc90.svg"
            alt={t('site.aboutSection.carAlt')}
            width={336}
            height={210}
            loading="lazy"
          />
        </div>
      </Col>
    </Row>
  );
}
