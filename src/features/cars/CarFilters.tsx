import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Row from 'react-bootstrap/Row';
import type { CarQuery, CarSort } from '../../domain/contract';
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  CITIES,
  FUEL_LABELS,
  FUELS,
  TRANSMISSION_LABELS,
  TRANSMISSIONS,
} from '../../domain/car-attributes';
import { indiaLocalToIso, isoToIndiaLocal } from '../../domain/india-time';

/** The seat counts a renter usually asks for at least: a couple, a small family, a big one. */
const SEAT_CHOICES = [4, 5, 7] as const;

/** A select whose first choice, "Any", leaves the filter out. */
function ChoiceFilter({
  id,
  name,
  label,
  value,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  choices: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select name={name} defaultValue={value ?? ''}>
        <option value="">Any</option>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** The filters a renter sets, each counted once in "Filters (n)": a period counts as one, and the sort is no filter. */
const FILTERS = [
  'q',
  'from',
  'maxPrice',
  'city',
  'bodyType',
  'seats',
  'transmission',
  'fuel',
  'ac',
] as const satisfies readonly (keyof CarQuery)[];

/** How many filters `query` sets, for the phone's "Filters (n)" button. */
export function filterCount(query: CarQuery): number {
  return FILTERS.filter((key) => query[key] !== undefined).length;
}

interface CarFiltersProps {
  /** The filters applied now, which the fields start from. */
  query: CarQuery;
  /** Whether the address holds any filter, so there is something to clear. */
  filtered: boolean;
  onApply: (next: URLSearchParams) => void;
  /** A new sort, taken at once with the filters applied now. */
  onSort: (sort: CarSort | undefined) => void;
  onClear: () => void;
}

/**
 * The car listing's sort and filters; applying them writes them into the address. On a phone the
 * filters wait in a sheet behind "Filters (n)", so the first car is in sight when the page opens;
 * from the md breakpoint up, the same form stands above the list.
 */
export function CarFilters({ query, filtered, onApply, onSort, onClear }: CarFiltersProps) {
  const sheetTitleId = useId();
  const [sheetOpen, setSheetOpen] = useState(false);
  const count = filterCount(query);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const text = (name: string) => String(data.get(name) ?? '').trim();
    if (text('q')) next.set('q', text('q'));
    if (text('maxPrice')) next.set('maxPrice', text('maxPrice'));
    if (query.sort) next.set('sort', query.sort);
    for (const key of ['city', 'bodyType', 'seats', 'transmission', 'fuel', 'ac'] as const) {
      if (text(key)) next.set(key, text(key));
    }
    for (const key of ['from', 'to'] as const) {
      const instant = indiaLocalToIso(text(key));
      if (instant) next.set(key, instant);
    }
    onApply(next);
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <Button
          variant="outline-primary"
          className="d-md-none"
          aria-haspopup="dialog"
          aria-expanded={sheetOpen}
          onClick={() => setSheetOpen(true)}
        >
          {count > 0 ? `Filters (${count})` : 'Filters'}
        </Button>
        <Form.Group controlId="cars-sort" className="flex-grow-1 flex-md-grow-0">
          <Form.Label>Sort by price</Form.Label>
          <Form.Select
            value={query.sort ?? ''}
            onChange={(event) => onSort((event.currentTarget.value || undefined) as CarSort | undefined)}
          >
            <option value="">Select</option>
            <option value="price-asc">Low to High</option>
            <option value="price-desc">High to Low</option>
          </Form.Select>
        </Form.Group>
      </div>
      <Offcanvas
        show={sheetOpen}
        onHide={() => setSheetOpen(false)}
        responsive="md"
        placement="bottom"
        aria-labelledby={sheetTitleId}
        className="mb-4"
        // Tall enough for every filter and its Apply button, leaving the list in sight above the sheet.
        style={{ height: 'auto', maxHeight: '90vh' }}
      >
        <Offcanvas.Header closeButton closeLabel="Close filters">
          <Offcanvas.Title as="h2" id={sheetTitleId} className="h5">
            Filters
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <Form onSubmit={applyFilters} aria-label="Filter cars" className="w-100">
            <Row xs={2} md={3} lg={5} className="g-3 align-items-end">
              <Col>
                <ChoiceFilter
                  id="cars-city"
                  name="city"
                  label="City"
                  value={query.city}
                  choices={CITIES.map((city) => [city, city] as const)}
                />
              </Col>
              <Col>
                <Form.Group controlId="cars-max-price">
                  <Form.Label>Max price per hour</Form.Label>
                  <Form.Control
                    name="maxPrice"
                    type="number"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    defaultValue={query.maxPrice ?? ''}
                  />
                </Form.Group>
              </Col>
              <Col>
                <Form.Group controlId="cars-q">
                  <Form.Label>Car name</Form.Label>
                  <Form.Control name="q" type="search" defaultValue={query.q ?? ''} />
                </Form.Group>
              </Col>
              <Col>
                <ChoiceFilter
                  id="cars-body-type"
                  name="bodyType"
                  label="Body type"
                  value={query.bodyType}
                  choices={BODY_TYPES.map((type) => [type, BODY_TYPE_LABELS[type]] as const)}
                />
              </Col>
              <Col xs={12}>
                <Form.Group controlId="cars-from">
                  <Form.Label>Available from</Form.Label>
                  <Form.Control name="from" type="datetime-local" defaultValue={isoToIndiaLocal(query.from)} />
                </Form.Group>
              </Col>
              <Col xs={12}>
                <Form.Group controlId="cars-to">
                  <Form.Label>to</Form.Label>
                  <Form.Control name="to" type="datetime-local" defaultValue={isoToIndiaLocal(query.to)} />
                </Form.Group>
              </Col>
              <Col>
                <ChoiceFilter
                  id="cars-seats"
                  name="seats"
                  label="Seats"
                  value={query.seats === undefined ? undefined : String(query.seats)}
                  choices={SEAT_CHOICES.map((seats) => [String(seats), `${seats} or more`] as const)}
                />
              </Col>
              <Col>
                <ChoiceFilter
                  id="cars-transmission"
                  name="transmission"
                  label="Transmission"
                  value={query.transmission}
                  choices={TRANSMISSIONS.map((type) => [type, TRANSMISSION_LABELS[type]] as const)}
                />
              </Col>
              <Col>
                <ChoiceFilter
                  id="cars-fuel"
                  name="fuel"
                  label="Fuel"
                  value={query.fuel}
                  choices={FUELS.map((fuel) => [fuel, FUEL_LABELS[fuel]] as const)}
                />
              </Col>
              <Col>
                <ChoiceFilter
                  id="cars-ac"
                  name="ac"
                  label="Car type"
                  value={query.ac === undefined ? undefined : String(query.ac)}
                  choices={[
                    ['true', 'AC'],
                    ['false', 'Non-AC'],
                  ]}
                />
              </Col>
            </Row>
            {/* Stays at the foot of the sheet while its fields scroll on a short phone. */}
            <div className="d-flex flex-wrap align-items-center gap-2 mt-3 py-2 sticky-bottom bg-white">
              <Button type="submit" variant="primary">
                Apply filters
              </Button>
              {filtered ? (
                <Button type="button" variant="link" onClick={onClear}>
                  Clear filters
                </Button>
              ) : null}
              <Form.Text className="ms-sm-auto">Times are India time (IST).</Form.Text>
            </div>
          </Form>
        </Offcanvas.Body>
      </Offcanvas>
    </>
  );
}
