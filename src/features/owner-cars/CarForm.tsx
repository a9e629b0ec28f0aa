import { useState, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  type BodyType,
  CAR_DEFAULTS,
  CAR_YEAR_MIN,
  CITIES,
  type City,
  carYearMax,
  FUEL_LABELS,
  FUELS,
  type Fuel,
  KM_PER_DAY_LIMIT_MAX,
  PICKUP_AREA_MAX,
  SEATS_MAX,
  SEATS_MIN,
  TRANSMISSION_LABELS,
  TRANSMISSIONS,
  type Transmission,
} from '../../domain/car-attributes';
import type { OwnerCar } from '../../domain/contract';
import { CARNAME_MAX, DESCRIPTION_MAX, PRICE_MAX, PRICE_MIN, URL_MAX } from '../../domain/limits';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';

/**
 * The fields as typed: the add call sends the price as this text, the edit call as a number; seats,
 * year and the km limit go as numbers, a blank year or limit as "not stated".
 */
export interface CarFormValues {
  url: string;
  carname: string;
  description: string;
  price: string;
  city: City;
  pickupArea: string;
  ac: boolean;
  bodyType: BodyType;
  seats: string;
  transmission: Transmission;
  fuel: Fuel;
  year: string;
  kmPerDayLimit: string;
}

/** A new car starts as the commonest car listed, this year's, with no km limit: the owner changes what differs. */
export function emptyCar(): CarFormValues {
  return {
    url: '',
    carname: '',
    description: '',
    price: '',
    ...CAR_DEFAULTS,
    seats: String(CAR_DEFAULTS.seats),
    year: String(new Date().getFullYear()),
    kmPerDayLimit: '',
  };
}

/** An owner's car as the edit form starts from it. */
export function carFormValues(car: OwnerCar): CarFormValues {
  return {
    url: car.url,
    carname: car.carname,
    description: car.description,
    price: String(car.price),
    city: car.city,
    pickupArea: car.pickupArea,
    ac: car.ac,
    bodyType: car.bodyType,
    seats: String(car.seats),
    transmission: car.transmission,
    fuel: car.fuel,
    year: car.year === undefined ? '' : String(car.year),
    kmPerDayLimit: car.kmPerDayLimit === undefined ? '' : String(car.kmPerDayLimit),
  };
}

/** A labelled select of one of the car's attributes. */
function ChoiceField<T extends string>({
  label,
  name,
  value,
  choices,
  onChange,
  disabled,
}: {
  label: string;
  name: string;
  value: T;
  choices: readonly (readonly [value: T, label: string])[];
  onChange: (value: T) => void;
  disabled: boolean;
}) {
  return (
    <Form.Group className="mb-3" controlId={`car-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(choices.find(([choice]) => choice === event.target.value)?.[0] ?? value)}
      >
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

interface CarFormProps<Saved> {
  initialValues: CarFormValues;
  /** The add or the edit call; its error (the server's message) is shown, and the values stay as typed. */
  save: UseMutationResult<Saved, Error, CarFormValues>;
  /** What to do once the car is saved (upload its photos, or go back to the list), given what the call answered and the values saved. */
  onSaved: (saved: Saved, values: CarFormValues) => void;
  /** The car has uploaded photos or will have: the image link is then optional. */
  hasPhotos?: boolean;
  /** Shown under the image link: the add page's photo picker. */
  photos?: ReactNode;
  /** Shown under the submit button while the form stays locked after saving: the photos' upload progress. */
  afterSave?: ReactNode;
}

/** The owner's add and edit form (both screens show the spec's four required fields, then where the car is and what it is). */
export function CarForm<Saved>({ initialValues, save, onSaved, hasPhotos = false, photos, afterSave }: CarFormProps<Saved>) {
  const [values, setValues] = useState<CarFormValues>(initialValues);
  // Saved, the form stays locked until the next screen replaces it.
  const submitting = save.isPending || save.isSuccess;

  const change =
    <K extends keyof CarFormValues>(field: K) =>
    (value: CarFormValues[K]) =>
      setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(values, { onSuccess: (saved) => onSaved(saved, values) });
  };

  return (
    <Form onSubmit={handleSubmit}>
      <ErrorAlert message={save.error?.message} onClose={save.reset} />
      <FormField
        label="Picture address"
        name="url"
        type="text"
        inputMode="url"
        required={!hasPhotos}
        maxLength={URL_MAX}
        placeholder="https://"
        hint={hasPhotos ? 'Optional with uploaded photos: a link to a photo of your car.' : 'A link to a photo of your car.'}
        value={values.url}
        onChange={change('url')}
        disabled={submitting}
      />
      {photos}
      <FormField
        label="Car Name"
        name="carname"
        required
        maxLength={CARNAME_MAX}
        value={values.carname}
        onChange={change('carname')}
        disabled={submitting}
      />
      <FormField
        label="Any Description"
        name="description"
        multiline
        rows={4}
        required
        maxLength={DESCRIPTION_MAX}
        value={values.description}
        onChange={change('description')}
        disabled={submitting}
      />
      <FormField
        label="Price"
        name="price"
        type="number"
        inputMode="numeric"
        required
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={1}
        hint="Rupees per hour, a whole number."
        value={values.price}
        onChange={change('price')}
        disabled={submitting}
      />
      <ChoiceField
        label="City"
        name="city"
        value={values.city}
        choices={CITIES.map((city) => [city, city] as const)}
        onChange={change('city')}
        disabled={submitting}
      />
      <FormField
        label="Pickup area"
        name="pickupArea"
        maxLength={PICKUP_AREA_MAX}
        placeholder="Indiranagar, near the metro station"
        hint="Where the renter collects the car."
        value={values.pickupArea}
        onChange={change('pickupArea')}
        disabled={submitting}
      />
      <ChoiceField
        label="Body type"
        name="bodyType"
        value={values.bodyType}
        choices={BODY_TYPES.map((type) => [type, BODY_TYPE_LABELS[type]] as const)}
        onChange={change('bodyType')}
        disabled={submitting}
      />
      <FormField
        label="Seats"
        name="seats"
        type="number"
        inputMode="numeric"
        required
        min={SEATS_MIN}
        max={SEATS_MAX}
        step={1}
        value={values.seats}
        onChange={change('seats')}
        disabled={submitting}
      />
      <ChoiceField
        label="Transmission"
        name="transmission"
        value={values.transmission}
        choices={TRANSMISSIONS.map((type) => [type, TRANSMISSION_LABELS[type]] as const)}
        onChange={change('transmission')}
        disabled={submitting}
      />
      <ChoiceField
        label="Fuel"
        name="fuel"
        value={values.fuel}
        choices={FUELS.map((fuel) => [fuel, FUEL_LABELS[fuel]] as const)}
        onChange={change('fuel')}
        disabled={submitting}
      />
      <FormField
        label="Year"
        name="year"
        type="number"
        inputMode="numeric"
        min={CAR_YEAR_MIN}
        max={carYearMax()}
        step={1}
        hint="The model year; leave it blank if you are not sure."
        value={values.year}
        onChange={change('year')}
        disabled={submitting}
      />
      <Form.Check
        className="mb-3"
        type="switch"
        id="car-ac"
        name="ac"
        label="Air conditioned (AC)"
        checked={values.ac}
        onChange={(event) => change('ac')(event.target.checked)}
        disabled={submitting}
      />
      <FormField
        label="Km per day limit"
        name="kmPerDayLimit"
        type="number"
        inputMode="numeric"
        min={1}
        max={KM_PER_DAY_LIMIT_MAX}
        step={1}
        hint="Kilometres a day included in the price; leave it blank for no limit."
        value={values.kmPerDayLimit}
        onChange={change('kmPerDayLimit')}
        disabled={submitting}
      />
      <Button type="submit" variant="primary" disabled={submitting}>
        {submitting ? 'Saving...' : 'Submit'}
      </Button>
      {afterSave}
    </Form>
  );
}
