import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { Pager, withPage } from '../../components/Pager';
import { QueryError } from '../../components/QueryError';
import { statusOf } from '../../lib/api-error';
import { useRetry } from '../../lib/query-client';
import { CarCard } from './CarCard';
import { CarFilters } from './CarFilters';
import { catalogueMatching, queryFrom, type CarListing as CarListingItem } from './car-query';
import { carKeys } from '../../entities/car/keys';
import { useCarList } from '../../entities/car/queries';
import { t } from './words';

/** The most cars a row holds (lg={3}): the first screen's, whose pictures load first. */
const FIRST_ROW = 3;

function CarGrid({ cars, linkSearch }: { cars: readonly CarListingItem[]; linkSearch: string }) {
  return (
    <Row xs={1} sm={2} lg={FIRST_ROW} className="g-4">
      {cars.map((car, index) => (
        <Col key={car.id}>
          <CarCard car={car} linkSearch={linkSearch} priority={index < FIRST_ROW} />
        </Col>
      ))}
    </Row>
  );
}

/** Every car for rent, with its sort and filters kept in the address so a list can be shared. */
export function CarListing() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const query = useMemo(() => queryFrom(new URLSearchParams(search)), [search]);
  const list = useCarList(query);
  const retry = useRetry(carKeys.list(query));

  const clearFilters = () => setSearchParams(new URLSearchParams());

  const status = statusOf(list.error);
  // A refused filter is the person's to fix; only a server that did not answer calls for the saved fleet.
  const refused = status !== undefined && status >= 400 && status < 500;
  const fallback = list.isError && !refused && !list.data;
  const cars = list.data?.data ?? (fallback ? catalogueMatching(query) : []);
  const total = list.data?.total ?? cars.length;
  const filtered = Object.keys(query).some((key) => key !== 'sort' && key !== 'page');
  // The whole list starts with the fleet, in the app's own order, so while it loads (and in the page's
  // prerendered HTML) those cards show where they will stay; owners' cars join them after.
  const fleetFirst = list.isPending && search === '' ? catalogueMatching(query) : undefined;

  /* The car page's period picker starts from the period asked for here. */
  const periodSearch = query.from
    ? `?${new URLSearchParams({ from: query.from, ...(query.to ? { to: query.to } : {}) }).toString()}`
    : '';

  return (
    <>
      {/* Keyed by the address so the fields show what is applied after Back, a shared link or Clear. */}
      <CarFilters key={search} query={query} filtered={search !== ''} onApply={setSearchParams} onClear={clearFilters} />
      {/* Each card's name is an h3, as under Hot Offers' heading: the list has its h2 too, so no level is skipped. */}
      <h2 className="visually-hidden">{t('cars.listing.heading')}</h2>

      {refused ? <ErrorAlert message={list.error?.message} /> : null}
      {list.isError && !refused ? <QueryError error={list.error} onRetry={retry} /> : null}
      {fallback ? (
        <Alert variant="secondary" className="small" role="note">
          {t('cars.listing.fallback')}
        </Alert>
      ) : null}

      {list.isPending && fleetFirst ? <CarGrid cars={fleetFirst} linkSearch={periodSearch} /> : null}
      {list.isPending && !fleetFirst ? <PageSpinner /> : null}
      {!list.isPending && !refused ? (
        <>
          <p className="text-muted" role="status">
            {filtered ? t('cars.listing.countFiltered', { count: total }) : t('cars.listing.count', { count: total })}
          </p>
          {total === 0 ? (
            <div className="text-center py-5 band-light rounded">
              <p className="fs-5 mb-3">{t('cars.listing.noneMatch')}</p>
              <Button variant="primary" onClick={clearFilters}>
                {t('cars.listing.clearFilters')}
              </Button>
            </div>
          ) : (
            <CarGrid cars={cars} linkSearch={periodSearch} />
          )}
          {list.data ? (
            <Pager
              page={list.data.page}
              pageSize={list.data.pageSize}
              total={list.data.total}
              shown={list.data.data.length}
              label={t('cars.listing.pagerLabel')}
              onPage={(page) => setSearchParams(withPage(searchParams, page))}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
