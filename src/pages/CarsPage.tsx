import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router-dom';
import { listCars } from '../features/cars/api';
import { toApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/usePageTitle';
import { CarCard, type CarSummary } from '../features/cars/CarCard';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageSpinner } from '../components/PageSpinner';
import { defaultPeriodEnd, indiaLocalToIso, isoToIndiaLocal, toIndiaIso } from '../domain/india-time';
import { catalogueCars } from '../data/cars';
import type { CarQuery, CarSort } from '../domain/contract';

type CarListing = CarSummary & { id: string };

type ListState =
  | { status: 'loading' }
  | { status: 'ready'; cars: CarListing[] }
  | { status: 'failed'; message: string; fallback: CarListing[] }
  | { status: 'refused'; message: string };

const SORTS: readonly CarSort[] = ['price-asc', 'price-desc'];

/** The filters as the URL holds them: anything malformed is dropped rather than sent. */
function queryFrom(params: URLSearchParams): CarQuery {
  const query: CarQuery = {};
  const maxPrice = Number(params.get('maxPrice'));
  if (params.get('maxPrice') && Number.isFinite(maxPrice) && maxPrice > 0) query.maxPrice = maxPrice;
  const sort = params.get('sort');
  if (SORTS.includes(sort as CarSort)) query.sort = sort as CarSort;
  const q = params.get('q')?.trim();
  if (q) query.q = q;
  // Availability is a period: a start alone (from the home page's search) asks for one day from it, an end alone asks nothing.
  const from = params.get('from');
  if (from && !Number.isNaN(new Date(from).getTime())) {
    query.from = from;
    const to = params.get('to');
    query.to = to && !Number.isNaN(new Date(to).getTime()) ? to : toIndiaIso(defaultPeriodEnd(new Date(from)));
  }
  return query;
}

/** The static fleet, filtered and sorted as the server would, for when the server cannot be reached. */
function catalogueMatching(query: CarQuery): CarListing[] {
  const q = query.q?.toLowerCase();
  const cars = catalogueCars.filter(
    (car) => (query.maxPrice === undefined || car.price <= query.maxPrice) && (!q || car.carName.toLowerCase().includes(q)),
  );
  if (query.sort === 'price-asc') return [...cars].sort((a, b) => a.price - b.price);
  if (query.sort === 'price-desc') return [...cars].sort((a, b) => b.price - a.price);
  return cars;
}

function carCount(count: number): string {
  return count === 1 ? '1 car' : `${count} cars`;
}

/** /layout/cars: every car for rent, with its sort and filters kept in the address so a list can be shared. */
export default function CarsPage() {
  usePageTitle('Cars');
  const [searchParams, setSearchParams] = useSearchParams();
  const queryKey = searchParams.toString();
  const query = useMemo(() => queryFrom(new URLSearchParams(queryKey)), [queryKey]);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    listCars(query).then(
      (cars) => {
        if (current) setState({ status: 'ready', cars });
      },
      (error: unknown) => {
        if (!current) return;
        const failure = toApiError(error);
        // A refused filter is the person's to fix; only a server that did not answer calls for the saved fleet.
        setState(
          failure.status >= 400 && failure.status < 500
            ? { status: 'refused', message: failure.message }
            : { status: 'failed', message: failure.message, fallback: catalogueMatching(query) },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [query, attempt]);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const text = (name: string) => String(data.get(name) ?? '').trim();
    if (text('q')) next.set('q', text('q'));
    if (text('maxPrice')) next.set('maxPrice', text('maxPrice'));
    if (text('sort')) next.set('sort', text('sort'));
    for (const key of ['from', 'to'] as const) {
      const instant = indiaLocalToIso(text(key));
      if (instant) next.set(key, instant);
    }
    setSearchParams(next);
  };

  const clearFilters = () => setSearchParams(new URLSearchParams());

  /* The car page's period picker starts from the period asked for here. */
  const periodSearch = query.from
    ? `?${new URLSearchParams({ from: query.from, ...(query.to ? { to: query.to } : {}) }).toString()}`
    : '';

  const cars = state.status === 'ready' ? state.cars : state.status === 'failed' ? state.fallback : [];
  const filtered = Object.keys(query).some((key) => key !== 'sort');

  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">Car Listing</h1>
      </div>
      <section className="section">
        <Container>
          {/* Keyed by the address so the fields show what is applied after Back, a shared link or Clear. */}
          <Form key={queryKey} ref={form} onSubmit={applyFilters} aria-label="Filter cars" className="mb-4">
            <Row xs={1} sm={2} lg={5} className="g-3 align-items-end">
              <Col>
                <Form.Group controlId="cars-sort">
                  <Form.Label>Sort by price</Form.Label>
                  <Form.Select name="sort" defaultValue={query.sort ?? ''} onChange={() => form.current?.requestSubmit()}>
                    <option value="">Select</option>
                    <option value="price-asc">Low to High</option>
                    <option value="price-desc">High to Low</option>
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col>
                <Form.Group controlId="cars-max-price">
                  <Form.Label>Max price per day</Form.Label>
                  <Form.Control name="maxPrice" type="number" min={1} step={1} inputMode="numeric" defaultValue={query.maxPrice ?? ''} />
                </Form.Group>
              </Col>
              <Col>
                <Form.Group controlId="cars-q">
                  <Form.Label>Car name</Form.Label>
                  <Form.Control name="q" type="search" defaultValue={query.q ?? ''} />
                </Form.Group>
              </Col>
              <Col>
                <Form.Group controlId="cars-from">
                  <Form.Label>Available from</Form.Label>
                  <Form.Control name="from" type="datetime-local" defaultValue={isoToIndiaLocal(query.from)} />
                </Form.Group>
              </Col>
              <Col>
                <Form.Group controlId="cars-to">
                  <Form.Label>to</Form.Label>
                  <Form.Control name="to" type="datetime-local" defaultValue={isoToIndiaLocal(query.to)} />
                </Form.Group>
              </Col>
            </Row>
            <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
              <Button type="submit" variant="primary">
                Apply filters
              </Button>
              {queryKey ? (
                <Button type="button" variant="link" onClick={clearFilters}>
                  Clear filters
                </Button>
              ) : null}
              <Form.Text className="ms-sm-auto">Times are India time (IST).</Form.Text>
            </div>
          </Form>

          {state.status === 'refused' ? <ErrorAlert message={state.message} /> : null}
          {state.status === 'failed' ? (
            <>
              <ErrorAlert message={state.message}>
                <Button variant="outline-danger" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                  Retry
                </Button>
              </ErrorAlert>
              <Alert variant="secondary" className="small" role="note">
                Showing our own fleet saved in the app, filtered here. Owners&apos; cars and availability need the server:
                retry to see them.
              </Alert>
            </>
          ) : null}

          {state.status === 'loading' ? <PageSpinner /> : null}
          {state.status === 'ready' || state.status === 'failed' ? (
            <>
              <p className="text-muted" role="status">
                {carCount(cars.length)}
                {filtered ? (cars.length === 1 ? ' matches your filters' : ' match your filters') : ''}
              </p>
              {cars.length === 0 ? (
                <div className="text-center py-5 band-light rounded">
                  <p className="fs-5 mb-3">No cars match — clear filters to see every car.</p>
                  <Button variant="primary" onClick={clearFilters}>
                    Clear filters
                  </Button>
                </div>
              ) : (
                <Row xs={1} sm={2} lg={3} className="g-4">
                  {cars.map((car) => (
                    <Col key={car.id}>
                      <CarCard car={car} linkSearch={periodSearch} />
                    </Col>
                  ))}
                </Row>
              )}
            </>
          ) : null}
        </Container>
      </section>
    </>
  );
}
