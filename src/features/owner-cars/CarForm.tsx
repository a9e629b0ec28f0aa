import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import type { z } from 'zod';
import {
  BODY_TYPES,
  BODY_TYPE_LABEL_IDS,
  type BodyType,
  CAR_DEFAULTS,
  CAR_YEAR_MIN,
  CITIES,
  type City,
  carYearMax,
  DEPOSIT_CEILING_PAISE,
  FUELS,
  FUEL_LABEL_IDS,
  type Fuel,
  KM_PER_DAY_LIMIT_MAX,
  PICKUP_AREA_MAX,
  SEATS_MAX,
  SEATS_MIN,
  TRANSMISSIONS,
  TRANSMISSION_LABEL_IDS,
  type Transmission,
  TRIP_UNIT_PRICE_MAX_PAISE,
} from '../../domain/car-attributes';
import { formatPaise } from '../../domain/money';
import type { OwnerCar } from '../../domain/contract';
import { imageUrl } from '../../domain/schemas/fields';
import { CARNAME_MAX, DESCRIPTION_MAX, PRICE_MAX, PRICE_MIN, URL_MAX } from '../../domain/limits';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField, FormSwitch } from '../../components/FormField';
import type { FieldElement } from '../../components/form-wiring';
import { LeaveGuard } from '../../components/LeaveGuard';
import { ZodForm } from '../../components/ZodForm';
import { dropDraft, formValuesOf, keepDraft, readDraft, sameValues } from '../../lib/form-draft';
import { usePublicConfig } from '../../lib/public-config';
import { t } from './words';

/**
 * The fields as typed: the add call sends the price as this text, the edit call as a number; seats,
 * year and the km limit go as numbers, a blank year or limit as "not stated".
 */
export type CarFormValues = {
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
  /** The trip prices in rupees as typed; the calls send paise, a blank one as "the body type's" (adding) or "as it was" (editing). */
  depositPaise: string;
  extraKmPrice: string;
  fuelEighthPrice: string;
  batteryTenthPrice: string;
  payAtPickup: boolean;
  instantBooking: boolean;
};

/** Paise as the form shows them: rupees, with paise only when there are some. */
const rupeesText = (paise: number | undefined) => (paise === undefined ? '' : String(paise / 100));

/** A new car starts as the commonest car listed, with no year (a guessed one would be listed unless changed) and no km limit: the owner changes what differs. */
export function emptyCar(): CarFormValues {
  return {
    url: '',
    carname: '',
    description: '',
    price: '',
    ...CAR_DEFAULTS,
    seats: String(CAR_DEFAULTS.seats),
    year: '',
    kmPerDayLimit: '',
    depositPaise: '',
    extraKmPrice: '',
    fuelEighthPrice: '',
    batteryTenthPrice: '',
    payAtPickup: false,
    instantBooking: false,
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
    depositPaise: rupeesText(car.depositPaise),
    extraKmPrice: rupeesText(car.extraKmPrice),
    fuelEighthPrice: rupeesText(car.fuelEighthPrice),
    batteryTenthPrice: rupeesText(car.batteryTenthPrice),
    payAtPickup: car.payAtPickup,
    instantBooking: car.instantBooking,
  };
}

interface CarFormProps<Saved> {
  /** The car's values as saved (a new car's defaults): the form starts from its draft over them, and has unsaved changes while it differs. */
  initialValues: CarFormValues;
  /** Which form's draft this is: `add`, or `edit:{id}`. */
  draftKey: string;
  /** Asked once the values pass the checks, before the car is saved: false leaves the form as it is. */
  confirmSave?: () => Promise<boolean>;
  /** Photos are still being made ready: the car waits to be saved until they are. */
  waiting?: boolean;
  /** The contract's schema of the call that saves the car (adding or editing), which the form checks with. */
  schema: z.ZodObject;
  /** The call's body the values make, which the schema checks. */
  bodyOf: (values: CarFormValues) => unknown;
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

const cityChoices = CITIES.map((city) => [city, city] as const);

/** Each trip price per unit's label and hint. */
const UNIT_PRICE_WORDS = {
  extraKmPrice: ['owner.form.extraKmPrice', 'owner.form.extraKmPriceHint'],
  fuelEighthPrice: ['owner.form.fuelEighthPrice', 'owner.form.fuelEighthPriceHint'],
  batteryTenthPrice: ['owner.form.batteryTenthPrice', 'owner.form.batteryTenthPriceHint'],
} as const;

/** A price per km, eighth or tenth, typed in rupees and paise. */
function UnitPriceField({ name, disabled }: { name: keyof typeof UNIT_PRICE_WORDS; disabled: boolean }) {
  const [label, hint] = UNIT_PRICE_WORDS[name];
  return (
    <FormField
      label={t(label)}
      name={name}
      type="number"
      inputMode="decimal"
      min={0}
      max={TRIP_UNIT_PRICE_MAX_PAISE / 100}
      step={0.01}
      hint={t(hint)}
      disabled={disabled}
    />
  );
}

/** The deposit held at handover, and what fuel or charge returned short costs: the one the car uses. */
function TripPriceFields({ disabled, electric }: { disabled: boolean; electric: boolean }) {
  const bounds = usePublicConfig((config) => config.trips).data;
  return (
    <>
      <FormField
        label={t('owner.form.deposit')}
        name="depositPaise"
        type="number"
        inputMode="numeric"
        min={(bounds?.depositMinPaise ?? 0) / 100}
        max={(bounds?.depositMaxPaise ?? DEPOSIT_CEILING_PAISE) / 100}
        step={1}
        hint={
          bounds
            ? t('owner.form.depositHintBounds', {
                min: formatPaise(bounds.depositMinPaise),
                max: formatPaise(bounds.depositMaxPaise),
              })
            : t('owner.form.depositHint')
        }
        disabled={disabled}
      />
      {/* Only the one this car's fuel is charged by; the other keeps its value for a change of fuel. */}
      {electric ? (
        <UnitPriceField name="batteryTenthPrice" disabled={disabled} />
      ) : (
        <UnitPriceField name="fuelEighthPrice" disabled={disabled} />
      )}
    </>
  );
}

/** What the car is: its body, seats, gearbox, fuel, year, AC, the km a day its price includes and its trip prices. */
function CarKindFields({ disabled, payAtPickupOn, electric }: { disabled: boolean; payAtPickupOn: boolean; electric: boolean }) {
  const bodyTypeChoices = BODY_TYPES.map((type) => [type, t(BODY_TYPE_LABEL_IDS[type])] as const);
  const transmissionChoices = TRANSMISSIONS.map((type) => [type, t(TRANSMISSION_LABEL_IDS[type])] as const);
  const fuelChoices = FUELS.map((fuel) => [fuel, t(FUEL_LABEL_IDS[fuel])] as const);
  return (
    <>
      <FormField label={t('owner.form.bodyType')} name="bodyType" choices={bodyTypeChoices} disabled={disabled} />
      <FormField
        label={t('owner.form.seats')}
        name="seats"
        type="number"
        inputMode="numeric"
        required
        min={SEATS_MIN}
        max={SEATS_MAX}
        step={1}
        disabled={disabled}
      />
      <FormField label={t('owner.form.transmission')} name="transmission" choices={transmissionChoices} disabled={disabled} />
      <FormField label={t('owner.form.fuel')} name="fuel" choices={fuelChoices} disabled={disabled} />
      <FormField
        label={t('owner.form.year')}
        name="year"
        type="number"
        inputMode="numeric"
        min={CAR_YEAR_MIN}
        max={carYearMax()}
        step={1}
        hint={t('owner.form.yearHint')}
        disabled={disabled}
      />
      <FormSwitch label={t('owner.form.ac')} name="ac" disabled={disabled} />
      <FormField
        label={t('owner.form.kmPerDayLimit')}
        name="kmPerDayLimit"
        type="number"
        inputMode="numeric"
        min={1}
        max={KM_PER_DAY_LIMIT_MAX}
        step={1}
        hint={t('owner.form.kmPerDayLimitHint')}
        disabled={disabled}
      />
      <UnitPriceField name="extraKmPrice" disabled={disabled} />
      <TripPriceFields disabled={disabled} electric={electric} />
      <FormSwitch
        label={t('owner.form.payAtPickup')}
        name="payAtPickup"
        hint={t('owner.form.payAtPickupHint')}
        disabled={disabled}
      />
      {/* Instant booking takes the money held online: with pay at pickup on there is none to take. */}
      <FormSwitch
        label={t('owner.form.instantBooking')}
        name="instantBooking"
        hint={payAtPickupOn ? t('owner.form.instantBookingNeedsPayment') : t('owner.form.instantBookingHint')}
        disabled={disabled || payAtPickupOn}
      />
    </>
  );
}

/** The owner's add and edit form (both screens show the spec's four required fields, then where the car is and what it is). */
export function CarForm<Saved>({
  initialValues,
  draftKey,
  confirmSave,
  waiting = false,
  schema,
  bodyOf,
  save,
  onSaved,
  hasPhotos = false,
  photos,
  afterSave,
}: CarFormProps<Saved>) {
  // Saved, the form stays locked until the next screen replaces it.
  const submitting = save.isPending || save.isSuccess;
  const [start] = useState(() => readDraft(draftKey, initialValues));
  const unsaved = useRef(!sameValues(start, initialValues));
  const [payAtPickupOn, setPayAtPickupOn] = useState(start.payAtPickup);
  const [electric, setElectric] = useState(start.fuel === 'electric');
  const noteChange = (event: FormEvent<HTMLDivElement>) => {
    const { form } = event.target as FieldElement;
    if (!form) return;
    const values = formValuesOf(form, initialValues);
    setPayAtPickupOn(values.payAtPickup);
    setElectric(values.fuel === 'electric');
    unsaved.current = !sameValues(values, initialValues);
    keepDraft(draftKey, values, initialValues);
  };

  return (
    <>
      <LeaveGuard unsaved={unsaved} />
      <ZodForm
        // A car shows its picture link until it has photos: without any, the link is needed.
        schema={hasPhotos ? schema : schema.safeExtend({ url: imageUrl })}
        defaultValues={start}
        bodyOf={bodyOf}
        onSubmit={async (values) => {
          if (confirmSave && !(await confirmSave())) return;
          const saved = await save.mutateAsync(values);
          // Saved: the way on is open, and the draft has done its work.
          unsaved.current = false;
          dropDraft(draftKey);
          onSaved(saved, values);
        }}
      >
        {(form) => (
          // Every change of a field bubbles here, to be kept as the draft.
          <div onChange={noteChange}>
            <ErrorAlert message={form.failure instanceof Error ? form.failure.message : null} onClose={form.clearFailure} />
            <FormField
              label={t('owner.form.url')}
              name="url"
              type="text"
              inputMode="url"
              required={!hasPhotos}
              maxLength={URL_MAX}
              placeholder={t('owner.form.urlPlaceholder')}
              hint={hasPhotos ? t('owner.form.urlHintWithPhotos') : t('owner.form.urlHint')}
              disabled={submitting}
            />
            {photos}
            <FormField
              label={t('owner.form.carName')}
              name="carname"
              required
              maxLength={CARNAME_MAX}
              showRemaining
              disabled={submitting}
            />
            <FormField
              label={t('owner.form.description')}
              name="description"
              multiline
              rows={4}
              required
              maxLength={DESCRIPTION_MAX}
              showRemaining
              disabled={submitting}
            />
            <FormField
              label={t('owner.form.price')}
              name="price"
              type="number"
              inputMode="numeric"
              required
              min={PRICE_MIN}
              max={PRICE_MAX}
              step={1}
              hint={t('owner.form.priceHint')}
              disabled={submitting}
            />
            <FormField label={t('owner.form.city')} name="city" choices={cityChoices} disabled={submitting} />
            <FormField
              label={t('owner.form.pickupArea')}
              name="pickupArea"
              maxLength={PICKUP_AREA_MAX}
              showRemaining
              placeholder={t('owner.form.pickupAreaPlaceholder')}
              hint={t('owner.form.pickupAreaHint')}
              disabled={submitting}
            />
            <CarKindFields disabled={submitting} payAtPickupOn={payAtPickupOn} electric={electric} />
            <Button type="submit" variant="primary" disabled={form.sending || submitting || waiting}>
              {form.sending || submitting ? t('owner.form.saving') : t('owner.form.submit')}
            </Button>
            {afterSave}
          </div>
        )}
      </ZodForm>
    </>
  );
}
