import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { FormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import { CITIES } from '../../domain/car-attributes';
import { indiaLocalToIso, indiaToday } from '../../domain/india-time';
import { useCarCities } from '../../entities/car/queries';
import type { FindCarFields } from './find-car-checks';
import { cityOf } from './find-car-city';
import { t } from './words';

const CITY_LIST_ID = 'find-car-cities';

// The search's checks (and zod with them) load once someone starts filling it in, not with the home page.
const findCarChecks = () =>
  import('./find-car-checks').then((checks) =>
    checks.findCarChecks(cityOf, t('site.findCar.noSuchCity', { cities: CITIES.join(', ') })),
  );

const EMPTY: FindCarFields = { fromAddress: '', journeyDate: '', journeyTime: '', carType: 'ac' };

const CAR_TYPES = [
  ['ac', 'site.findCar.ac'],
  ['non-ac', 'site.findCar.nonAc'],
] as const;

/**
 * The home page's "find your best car" form (spec section 3). The From address's city and the car
 * type (AC or not) travel to the car listing as its `city` and `ac` filters, the journey's date and
 * time as `from` (an India-time instant), where the availability filter and then the car page's
 * period picker start from it. Cars are returned where they were collected, so the search asks for
 * no destination. The From address suggests only the cities where a car stands now.
 */
export function FindCarForm() {
  const navigate = useNavigate();
  // The home page asks the API nothing until someone scrolls or searches: the cities come on the first focus.
  const [searching, setSearching] = useState(false);
  const cities = useCarCities({ wanted: searching });

  const search = ({ fromAddress, journeyDate, journeyTime, carType }: FindCarFields) => {
    const city = cityOf(fromAddress);
    if (!city) return undefined;
    const query = new URLSearchParams({ city, ac: String(carType === 'ac') });
    const from = indiaLocalToIso(`${journeyDate}T${journeyTime}`);
    if (from) query.set('from', from);
    navigate(`${paths.cars}?${query.toString()}`);
    return undefined;
  };

  return (
    <ZodForm schema={findCarChecks} defaultValues={EMPTY} loadOn="intent" onSubmit={search} aria-label={t('site.findCar.label')}>
      {() => (
        <>
          <Row xs={1} md={2} lg={4} className="g-3 align-items-end">
            <Col onFocus={() => setSearching(true)}>
              <FormField
                label={t('site.findCar.fromAddress')}
                name="fromAddress"
                required
                list={CITY_LIST_ID}
                hint={t('site.findCar.fromAddressHint')}
              />
              <datalist id={CITY_LIST_ID}>
                {cities.map((city) => (
                  <option key={city} value={city} />
                ))}
              </datalist>
            </Col>
            {/* Side by side on a phone too, so the whole search fits the first screen. */}
            <Col xs={6} md>
              <FormField label={t('site.findCar.journeyDate')} name="journeyDate" type="date" min={indiaToday()} required />
            </Col>
            <Col xs={6} md>
              <FormField label={t('site.findCar.journeyTime')} name="journeyTime" type="time" required />
            </Col>
            <Col>
              <FormField
                label={t('site.findCar.carType')}
                name="carType"
                choices={CAR_TYPES.map(([value, id]) => [value, t(id)] as const)}
                required
              />
            </Col>
          </Row>
          <Button type="submit" variant="primary" size="lg">
            {t('site.findCar.submit')}
          </Button>
        </>
      )}
    </ZodForm>
  );
}
