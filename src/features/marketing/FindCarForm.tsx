import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { FormField } from '../../components/FormField';
import { indiaLocalToIso, indiaToday } from '../../domain/india-time';

type CarType = 'ac' | 'non-ac';

/**
 * The home page's "find your best car" form (spec section 3). The journey's date and time travel to
 * the car listing as `from` (an India-time instant), where the availability filter and then the car
 * page's period picker start from it. The addresses and car type have nowhere to go yet: no call
 * of the contract takes them.
 */
export function FindCarForm() {
  const navigate = useNavigate();
  const [fromAddress, setFromAddress] = useState('');
  const [toAddress, setToAddress] = useState('');
  const [journeyDate, setJourneyDate] = useState('');
  const [journeyTime, setJourneyTime] = useState('');
  const [carType, setCarType] = useState<CarType>('ac');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const from = indiaLocalToIso(`${journeyDate}T${journeyTime}`);
    navigate(from ? `${paths.cars}?${new URLSearchParams({ from }).toString()}` : paths.cars);
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
            autoComplete="street-address"
          />
        </Col>
        <Col>
          <FormField label="To address" name="toAddress" value={toAddress} onChange={setToAddress} required />
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
