import { type ChangeEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { TRIP_KINDS, TRIP_STEPS, type TripKind } from '../../domain/booking-states';
import { formatIndiaTime } from '../../domain/india-time';
import { TRIP_PHOTOS_MAX } from '../../domain/limits';
import type { BookingStatus } from '../../domain/schemas/bookings';
import {
  type FuelKind,
  REQUIRED_TRIP_PHOTO_SLOTS,
  type TripAnswer,
  type TripPhotoSlot,
  type TripRecord,
  type TripSide,
  TripValues,
} from '../../domain/schemas/trips';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FieldError, FormField, useFormField } from '../../components/FormField';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { ZodForm } from '../../components/ZodForm';
import { toApiError } from '../../lib/api-client';
import { checkWords } from '../../lib/form-words';
import { fitPhoto } from '../../lib/image-file';
import { useConfirmTrip, useSendTrip, useTrip } from './queries';
import { agreedValues, fieldsOf, type TripFields, tripBody } from './trip-values';
import { t } from './words';

/** Big enough for a thumb on a phone. */
const TOUCH = { minHeight: '3rem' };
const EIGHTHS = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

const sideName = (side: TripSide) => t(side === 'renter' ? 'trips.side.renter' : 'trips.side.carKeeper');
const kindName = (kind: TripKind) => t(kind === 'handover' ? 'trips.kind.handover' : 'trips.kind.return');
const slotName = (slot: TripPhotoSlot) => t(`trips.slot.${slot}`);

function FuelLine({ values }: { values: TripValues }) {
  const { fuel } = values;
  return (
    <>
      <div>{t('trips.odometer', { km: values.odometerKm })}</div>
      <div>
        {fuel.kind === 'eighths'
          ? t('trips.fuel.eighths', { eighths: fuel.eighths })
          : t('trips.fuel.batteryPercent', { percent: fuel.percent })}
      </div>
    </>
  );
}

/** One record as both sides read it: who sent what, who confirmed or corrected it, and its photos. */
function RecordCard({ kind, record }: { kind: TripKind; record: TripRecord | null }) {
  return (
    <section aria-labelledby={`trip-${kind}-title`} className="border rounded p-3 h-100">
      <h3 id={`trip-${kind}-title`} className="h6">
        {kindName(kind)}
      </h3>
      {!record ? (
        <p className="text-body-secondary mb-0">{t('trips.none')}</p>
      ) : (
        <>
          <p className="mb-1">
            {t('trips.enteredBy', { name: record.enteredBy.username, side: sideName(record.enteredBy.side) })}
          </p>
          <FuelLine values={record.entered} />
          {record.correction && record.confirmedBy ? (
            <div className="mt-2 text-warning-emphasis">
              <div>{t('trips.corrected', { side: sideName(record.confirmedBy.side) })}</div>
              <FuelLine values={record.correction} />
            </div>
          ) : null}
          <p className="mt-2 mb-2" role="status">
            {record.confirmedBy && record.confirmedAt
              ? t('trips.confirmedBy', {
                  name: record.confirmedBy.username,
                  side: sideName(record.confirmedBy.side),
                  time: formatIndiaTime(record.confirmedAt),
                })
              : t('trips.awaiting')}
          </p>
          <div className="d-flex flex-wrap gap-2">
            {record.photos.map((photo) => (
              <a key={photo.id} href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.url}
                  alt={t('trips.photoOf', { slot: slotName(photo.slot), time: formatIndiaTime(photo.uploadedAt) })}
                  width={96}
                  height={72}
                  style={{ objectFit: 'cover' }}
                  loading="lazy"
                />
              </a>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** Fuel as 8 segments to tap, or a battery percent for an electric car. */
function FuelField({ fuelKind }: { fuelKind: FuelKind }) {
  if (fuelKind === 'batteryPercent') {
    return (
      <FormField label={t('trips.form.battery')} name="level" type="number" inputMode="numeric" min={0} max={100} style={TOUCH} />
    );
  }
  return <FuelSegments />;
}

function FuelSegments() {
  const label = t('trips.form.fuel');
  const field = useFormField('level', { label });
  return (
    <fieldset className="mb-3" aria-describedby={field.error ? field.errorId : undefined}>
      <legend className="form-label fs-6">{label}</legend>
      <div className="btn-group w-100">
        {EIGHTHS.map((eighths) => (
          <label key={eighths} className="btn btn-outline-primary px-0" style={TOUCH}>
            <input type="radio" className="btn-check" value={String(eighths)} {...field.radio(String(eighths))} />
            {t('trips.form.fuelSegment', { eighths })}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}

/** The fields both the checklist and a correction take: odometer and fuel. */
function ReadingFields({ fuelKind }: { fuelKind: FuelKind }) {
  return (
    <>
      <FormField label={t('trips.form.odometer')} name="odometerKm" type="number" inputMode="numeric" min={0} style={TOUCH} />
      <FuelField fuelKind={fuelKind} />
    </>
  );
}

type Chosen = Partial<Record<TripPhotoSlot, File[]>>;

/** The photos chosen, each made to fit on this phone first; the four sides required. */
async function preparedPhotos(chosen: Chosen): Promise<{ slot: TripPhotoSlot; file: File }[]> {
  const photos: { slot: TripPhotoSlot; file: File }[] = [];
  for (const [slot, files] of Object.entries(chosen) as [TripPhotoSlot, File[]][]) {
    for (const file of files) {
      const fitted = await fitPhoto(file);
      if ('refused' in fitted)
        throw new Error(t('trips.form.photoRefused', { name: file.name, reason: checkWords(fitted.refused) }));
      photos.push({ slot, file: fitted.file });
    }
  }
  return photos.slice(0, TRIP_PHOTOS_MAX);
}

/** The first side's checklist: a photo of each side (the camera opens), the odometer and the fuel, then "Send for confirmation". */
export function TripChecklist({
  kind,
  fuelKind,
  record,
  onSend,
}: {
  kind: TripKind;
  fuelKind: FuelKind;
  record: TripRecord | null;
  onSend: (values: TripValues, photos: { slot: TripPhotoSlot; file: File }[]) => Promise<unknown>;
}) {
  const [chosen, setChosen] = useState<Chosen>({});
  const [problem, setProblem] = useState<string | null>(null);
  const taken = new Set(record?.photos.map((photo) => photo.slot));
  const choose = (slot: TripPhotoSlot) => (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    setChosen((before) => ({ ...before, [slot]: files }));
  };

  async function send(fields: TripFields) {
    setProblem(null);
    const missing = REQUIRED_TRIP_PHOTO_SLOTS.filter((slot) => !taken.has(slot) && !chosen[slot]?.length);
    if (missing.length > 0) {
      setProblem(t('trips.form.photoMissing'));
      return;
    }
    try {
      await onSend(tripBody(fields, fuelKind), await preparedPhotos(chosen));
      setChosen({});
    } catch (error) {
      setProblem(error instanceof Error && !('isAxiosError' in error) ? error.message : toApiError(error).message);
    }
  }

  return (
    <ZodForm
      schema={TripValues}
      defaultValues={fieldsOf(record?.entered)}
      bodyOf={(fields) => tripBody(fields, fuelKind)}
      onSubmit={(fields) => send(fields)}
      aria-labelledby={`trip-form-${kind}`}
    >
      {(form) => (
        <>
          <h3 id={`trip-form-${kind}`} className="h5">
            {t('trips.form.title', { kind: kindName(kind) })}
          </h3>
          <ErrorAlert message={problem} onClose={() => setProblem(null)} />
          <p className="text-body-secondary">{t('trips.form.photosHint')}</p>
          <Row xs={1} sm={2} className="g-2 mb-3">
            {(['front', 'rear', 'left', 'right', 'other'] as const).map((slot) => (
              <Col key={slot}>
                <Form.Group controlId={`trip-${kind}-${slot}`}>
                  <Form.Label>
                    {slotName(slot)}
                    {taken.has(slot) ? ' ✓' : ''}
                  </Form.Label>
                  <Form.Control
                    type="file"
                    accept="image/*"
                    capture="environment"
                    multiple={slot === 'other'}
                    onChange={choose(slot)}
                    style={TOUCH}
                  />
                </Form.Group>
              </Col>
            ))}
          </Row>
          <ReadingFields fuelKind={fuelKind} />
          <Button type="submit" size="lg" className="w-100" disabled={form.sending}>
            {form.sending ? t('trips.form.sending') : t('trips.form.send')}
          </Button>
        </>
      )}
    </ZodForm>
  );
}

/** The second side: the values and photos sent, then "Confirm", or "Correct" with the same fields. */
export function TripConfirmation({
  kind,
  fuelKind,
  record,
  onConfirm,
}: {
  kind: TripKind;
  fuelKind: FuelKind;
  record: TripRecord;
  onConfirm: (correction?: TripValues) => Promise<unknown>;
}) {
  const [correcting, setCorrecting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async (correction?: TripValues) => {
    setProblem(null);
    try {
      await onConfirm(correction);
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };
  return (
    <section aria-labelledby={`trip-confirm-${kind}`}>
      <h3 id={`trip-confirm-${kind}`} className="h5">
        {t('trips.confirm.title', { kind: kindName(kind).toLowerCase() })}
      </h3>
      <p>{t('trips.confirm.lead')}</p>
      <ErrorAlert message={problem} onClose={() => setProblem(null)} />
      {correcting ? (
        <ZodForm
          schema={TripValues}
          defaultValues={fieldsOf(agreedValues(record))}
          bodyOf={(fields) => tripBody(fields, fuelKind)}
          onSubmit={(fields) => confirm(tripBody(fields, fuelKind))}
          aria-label={t('trips.confirm.correct')}
        >
          {(form) => (
            <>
              <ReadingFields fuelKind={fuelKind} />
              <div className="d-grid gap-2">
                <Button type="submit" size="lg" disabled={form.sending}>
                  {t('trips.confirm.sendCorrection')}
                </Button>
                <Button variant="outline-secondary" size="lg" onClick={() => setCorrecting(false)}>
                  {t('trips.confirm.cancel')}
                </Button>
              </div>
            </>
          )}
        </ZodForm>
      ) : (
        <div className="d-grid gap-2">
          <Button size="lg" onClick={() => void confirm()} disabled={!record.ready}>
            {t('trips.confirm.confirm')}
          </Button>
          <Button size="lg" variant="outline-primary" onClick={() => setCorrecting(true)} disabled={!record.ready}>
            {t('trips.confirm.correct')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The step the booking stands before, if a trip record may be made now: the handover while accepted, the return once handed over. */
function stepAt(status: BookingStatus): TripKind | undefined {
  return TRIP_KINDS.find((kind) => TRIP_STEPS[kind].from === status);
}

function CurrentStep({ bookingId, kind, trip }: { bookingId: string; kind: TripKind; trip: TripAnswer }) {
  const sending = useSendTrip(bookingId, kind);
  const confirming = useConfirmTrip(bookingId, kind);
  const record = trip[kind];
  if (!trip.side) return null;
  if (kind === 'handover' && Date.now() < Date.parse(trip.handoverOpensAt)) {
    return <p>{t('trips.opensAt', { time: formatIndiaTime(trip.handoverOpensAt) })}</p>;
  }
  if (record && record.enteredBy.side !== trip.side) {
    return <TripConfirmation kind={kind} fuelKind={trip.fuelKind} record={record} onConfirm={(c) => confirming.mutateAsync(c)} />;
  }
  return (
    <TripChecklist
      kind={kind}
      fuelKind={trip.fuelKind}
      record={record}
      onSend={(values, photos) => sending.mutateAsync({ values, photos })}
    />
  );
}

/**
 * The booking page's trip: the checklist or the confirmation of the step the booking stands before,
 * for its two sides, then both records side by side (stacked on a phone).
 */
export function TripSection({ bookingId, status }: { bookingId: string; status: BookingStatus }) {
  const step = stepAt(status);
  const trip = useTrip(bookingId, step !== undefined);
  if (trip.isPending) return <PageSpinner />;
  if (trip.isLoadingError)
    return <QueryError error={trip.error} what={t('trips.loadFailed')} onRetry={() => void trip.refetch()} />;
  return (
    <section aria-labelledby="trip-title" className="my-4">
      <h2 id="trip-title" className="h4">
        {t('trips.title')}
      </h2>
      {step ? <CurrentStep bookingId={bookingId} kind={step} trip={trip.data} /> : null}
      <Row xs={1} md={2} className="g-3 mt-1">
        {TRIP_KINDS.map((kind) => (
          <Col key={kind}>
            <RecordCard kind={kind} record={trip.data[kind]} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
