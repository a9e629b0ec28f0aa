import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { FormField } from '../../components/FormField';
import { CITIES, type City } from '../../domain/car-attributes';
import { indiaLocalToIso, indiaToday } from '../../domain/india-time';

type CarType = 'ac' | 'non-ac';

/** Names people still type for the cities on the list, and the places of Delhi NCR. */
const OTHER_NAMES: Record<string, City> = {
  bangalore: 'Bengaluru',
  bombay: 'Mumbai',
  delhi: 'Delhi NCR',
  'new delhi': 'Delhi NCR',
  gurgaon: 'Delhi NCR',
  gurugram: 'Delhi NCR',
  noida: 'Delhi NCR',
  madras: 'Chennai',
  calcutta: 'Kolkata',
  cochin: 'Kochi',
  poona: 'Pune',
};

/** The city of the list an address names ("MG Road, Bengaluru" is in Bengaluru), if it names one. */
export function cityOf(address: string): City | undefined {
  const text = address.toLowerCase();
  return (
    CITIES.find((city) => text.includes(city.toLowerCase())) ??
    Object.entries(OTHER_NAMES).find(([name]) => text.includes(name))?.[1]
  );
}

const CITY_LIST_ID = 'find-car-cities';
const NO_SUCH_CITY = `We have cars in ${CITIES.join(', ')}: name one of these cities.`;

/**
 * The home page's "find your best car" form (spec section 3). The From address's city and the car
 * type (AC or not) travel to the car listing as its `city` and `ac` filters, the journey's date and
 * time as `from` (an India-time instant), where the availability filter and then the car page's
 * period picker start from it. Cars are returned where they were collected, so the To address is
 * only the renter's note of where they are going: no call of the contract takes it.
 */
export function FindCarForm() {
  const navigate = useNavigate();
  const [fromAddress, setFromAddress] = useState('');
  const [toAddress, setToAddress] = useState('');
  const [journeyDate, setJourneyDate] = useState('');
  const [journeyTime, setJourneyTime] = useState('');
  const [carType, setCarType] = useState<CarType>('ac');
  const [cityMissing, setCityMissing] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const city = cityOf(fromAddress);
    setCityMissing(city === undefined);
    if (!city) return;
    const search = new URLSearchParams({ city, ac: String(carType === 'ac') });
    const from = indiaLocalToIso(`${journeyDate}T${journeyTime}`);
    if (from) search.set('from', from);
    navigate(`${paths.cars}?${search.toString()}`);
  };

  return (
    <Form onSubmit={handleSubmit} aria-label="Find your best car">
      <Row xs={1} md={2} lg={5} className="g-3 align-items-end">
        <Col>
          <FormField
            label="From address"
            name="fromAddress"
            value={fromAddress}
            onChange={setFromAddress}
            required
            list={CITY_LIST_ID}
            hint={cityMissing ? <span role="alert">{NO_SUCH_CITY}</span> : 'Your city, e.g. Pune.'}
            aria-invalid={cityMissing || undefined}
          />
          <datalist id={CITY_LIST_ID}>
            {CITIES.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
        </Col>
        <Col>
          <FormField
            label="To address"
            name="toAddress"
            value={toAddress}
            onChange={setToAddress}
            required
            hint="Return to the same place: one-way trips are not offered yet."
          />
        </Col>
        <Col>
          <FormField
            label="Journey date"
            name="journeyDate"
            type="date"
            min={indiaToday()}
            value={journeyDate}
            onChange={setJourneyDate}
            required
          />
        </Col>
        <Col>
          <FormField label="Journey time" name="journeyTime" type="time" value={journeyTime} onChange={setJourneyTime} required />
        </Col>
        <Col>
          <Form.Group className="mb-3" controlId="find-car-type">
            <Form.Label>Car type</Form.Label>
            <Form.Select name="carType" value={carType} onChange={(event) => setCarType(event.target.value as CarType)} required>
              <option value="ac">AC Car</option>
              <option value="non-ac">Non AC Car</option>
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <Button type="submit" variant="primary" size="lg">
        Find Car
      </Button>
    </Form>
  );
}
