import { type InputHTMLAttributes, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Row from 'react-bootstrap/Row';
import type { CarQuery, CarSort } from '../../domain/contract';
import { FieldError, useFormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import {
  BODY_TYPE_LABEL_IDS,
  BODY_TYPES,
  FUEL_LABEL_IDS,
  FUELS,
  TRANSMISSION_LABEL_IDS,
  TRANSMISSIONS,
} from '../../domain/car-attributes';
import { indiaLocalToIso, isoToIndiaLocal } from '../../domain/india-time';
import { useCarCities } from '../../entities/car/queries';
import { t } from './words';

/** The seat counts a renter usually asks for at least: a couple, a small family, a big one. */
const SEAT_CHOICES = [4, 5, 7] as const;

/** A filter field: its label, then its box or its select, whose first choice, "Any", leaves the filter out, then its error. */
function FilterField({
  name,
  label,
  choices,
  ...inputProps
}: {
  name: keyof FilterFields;
  label: string;
  choices?: readonly (readonly [value: string, label: string])[];
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'step' | 'inputMode'>) {
  const field = useFormField(name, { label });
  const invalid = Boolean(field.error);
  return (
    <Form.Group controlId={field.id}>
      <Form.Label>{label}</Form.Label>
      {choices ? (
        <Form.Select {...field.props} isInvalid={invalid}>
          <option value="">{t('cars.filters.any')}</option>
          {choices.map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </Form.Select>
      ) : (
        <Form.Control {...inputProps} {...field.props} isInvalid={invalid} />
      )}
      <FieldError field={field} />
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
  'instant',
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
  /** The filters and the sort, applied together. */
  onApply: (next: URLSearchParams) => void;
  onClear: () => void;
}

/** The filter form's fields as typed; the period in India's local time, as the fields show it. */
interface FilterFields {
  city: string;
  maxPrice: string;
  q: string;
  bodyType: string;
  from: string;
  to: string;
  seats: string;
  transmission: string;
  fuel: string;
  ac: string;
  /** Only cars whose paid requests are confirmed at once. */
  instant: boolean;
}

/** A filter that is on or off, sent only when on. */
function FilterCheck({ name, label }: { name: 'instant'; label: string }) {
  const field = useFormField(name, { label, checkbox: true });
  return <Form.Check type="checkbox" id={field.id} label={label} {...field.props} />;
}

// The listing's query schema (and zod with it) loads once someone starts filtering, not with the page.
const carQueryChecks = () => import('../../domain/schemas/cars').then((schemas) => schemas.CarQuery);

/** The address's query the fields make, the sort applied now kept: what the listing asks the server for. */
function searchOf(values: FilterFields, sort: CarSort | undefined): URLSearchParams {
  const next = new URLSearchParams();
  const text = (name: Exclude<keyof FilterFields, 'instant'>) => values[name].trim();
  if (text('q')) next.set('q', text('q'));
  if (text('maxPrice')) next.set('maxPrice', text('maxPrice'));
  if (sort) next.set('sort', sort);
  for (const key of ['city', 'bodyType', 'seats', 'transmission', 'fuel', 'ac'] as const) {
    if (text(key)) next.set(key, text(key));
  }
  if (values.instant) next.set('instant', 'true');
  for (const key of ['from', 'to'] as const) {
    const instant = indiaLocalToIso(text(key));
    if (instant) next.set(key, instant);
  }
  return next;
}

/**
 * The car listing's sort and filters; applying them writes them into the address. On a phone the
 * filters wait in a sheet behind "Filters (n)", so the first car is in sight when the page opens;
 * from the md breakpoint up, the same form stands above the list. A new sort applies the filters as
 * the fields show them with it: the filters being edited are never put back to the applied ones.
 */
export function CarFilters({ query, filtered, onApply, onClear }: CarFiltersProps) {
  const sheetTitleId = useId();
  const formId = useId();
  const [sheetOpen, setSheetOpen] = useState(false);
  // Shown at once; applied with the filters once their checks pass (or shown beside their errors).
  const [sort, setSort] = useState(query.sort);
  // What the submit reads: it runs before a re-render would hand it the new sort.
  const sortToApply = useRef(query.sort);
  const cities = useCarCities({ chosen: query.city });
  const count = filterCount(query);
  const sortBy = (next: CarSort | undefined) => {
    setSort(next);
    sortToApply.current = next;
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement) form.requestSubmit();
  };
  const applied: FilterFields = {
    city: query.city ?? '',
    maxPrice: query.maxPrice === undefined ? '' : String(query.maxPrice),
    q: query.q ?? '',
    bodyType: query.bodyType ?? '',
    from: isoToIndiaLocal(query.from),
    to: isoToIndiaLocal(query.to),
    seats: query.seats === undefined ? '' : String(query.seats),
    transmission: query.transmission ?? '',
    fuel: query.fuel ?? '',
    ac: query.ac === undefined ? '' : String(query.ac),
    instant: query.instant === true,
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
          {count > 0 ? t('cars.filters.buttonCount', { count }) : t('cars.filters.button')}
        </Button>
        <Form.Group controlId="cars-sort" className="flex-grow-1 flex-md-grow-0">
          <Form.Label>{t('cars.filters.sortLabel')}</Form.Label>
          <Form.Select
            value={sort ?? ''}
            onChange={(event) => sortBy((event.currentTarget.value || undefined) as CarSort | undefined)}
          >
            <option value="">{t('cars.filters.sortNone')}</option>
            <option value="price-asc">{t('cars.filters.sortAscending')}</option>
            <option value="price-desc">{t('cars.filters.sortDescending')}</option>
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
        <Offcanvas.Header closeButton closeLabel={t('cars.filters.close')}>
          <Offcanvas.Title as="h2" id={sheetTitleId} className="h5">
            {t('cars.filters.title')}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <ZodForm
            schema={carQueryChecks}
            defaultValues={applied}
            bodyOf={(values) => Object.fromEntries(searchOf(values, sortToApply.current))}
            loadOn="intent"
            onSubmit={(values) => {
              onApply(searchOf(values, sortToApply.current));
              return undefined;
            }}
            id={formId}
            aria-label={t('cars.filters.formLabel')}
            className="w-100"
          >
            {() => (
              <>
                {/* From lg on two rows of twelve: the period's fields take twice a select's width, so the
                    time's "AM" is not cut off at 1280 px. */}
                <Row xs={2} md={3} className="g-3 align-items-end">
                  <Col lg={2}>
                    <FilterField
                      name="city"
                      label={t('cars.filters.cityLabel')}
                      choices={cities.map((city) => [city, city] as const)}
                    />
                  </Col>
                  <Col lg={2}>
                    <FilterField
                      name="maxPrice"
                      label={t('cars.filters.maxPriceLabel')}
                      type="number"
                      min={1}
                      step={1}
                      inputMode="numeric"
                    />
                  </Col>
                  <Col lg={2}>
                    <FilterField name="q" label={t('cars.filters.nameLabel')} type="search" />
                  </Col>
                  <Col lg={2}>
                    <FilterField
                      name="bodyType"
                      label={t('cars.filters.bodyTypeLabel')}
                      choices={BODY_TYPES.map((type) => [type, t(BODY_TYPE_LABEL_IDS[type])] as const)}
                    />
                  </Col>
                  <Col xs={12} md={6} lg={4}>
                    <FilterField name="from" label={t('cars.filters.fromLabel')} type="datetime-local" />
                  </Col>
                  <Col xs={12} md={6} lg={4}>
                    <FilterField name="to" label={t('cars.filters.toLabel')} type="datetime-local" />
                  </Col>
                  <Col lg={2}>
                    <FilterField
                      name="seats"
                      label={t('cars.filters.seatsLabel')}
                      choices={SEAT_CHOICES.map((seats) => [String(seats), t('cars.filters.seatsAtLeast', { seats })] as const)}
                    />
                  </Col>
                  <Col lg={2}>
                    <FilterField
                      name="transmission"
                      label={t('cars.filters.transmissionLabel')}
                      choices={TRANSMISSIONS.map((type) => [type, t(TRANSMISSION_LABEL_IDS[type])] as const)}
                    />
                  </Col>
                  <Col lg={2}>
                    <FilterField
                      name="fuel"
                      label={t('cars.filters.fuelLabel')}
                      choices={FUELS.map((fuel) => [fuel, t(FUEL_LABEL_IDS[fuel])] as const)}
                    />
                  </Col>
                  <Col lg={2}>
                    <FilterField
                      name="ac"
                      label={t('cars.filters.acLabel')}
                      choices={[
                        ['true', t('cars.filters.ac')],
                        ['false', t('cars.filters.nonAc')],
                      ]}
                    />
                  </Col>
                  <Col lg={2} className="d-flex align-items-end">
                    <FilterCheck name="instant" label={t('cars.filters.instantOnly')} />
                  </Col>
                </Row>
                {/* Stays at the foot of the sheet while its fields scroll on a short phone. */}
                <div className="d-flex flex-wrap align-items-center gap-2 mt-3 py-2 sticky-bottom bg-white">
                  <Button type="submit" variant="primary">
                    {t('cars.filters.apply')}
                  </Button>
                  {filtered ? (
                    <Button type="button" variant="link" onClick={onClear}>
                      {t('cars.filters.clear')}
                    </Button>
                  ) : null}
                  <Form.Text className="ms-sm-auto">{t('cars.filters.indiaTime')}</Form.Text>
                </div>
              </>
            )}
          </ZodForm>
        </Offcanvas.Body>
      </Offcanvas>
    </>
  );
}
