import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { CARNAME_MAX, DESCRIPTION_MAX, PRICE_MAX, PRICE_MIN, URL_MAX } from '../../domain/limits';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';

/** The four fields as typed: the add call sends the price as this text, the edit call as a number. */
export interface CarFormValues {
  url: string;
  carname: string;
  description: string;
  price: string;
}

export const EMPTY_CAR: CarFormValues = { url: '', carname: '', description: '', price: '' };

interface CarFormProps {
  initialValues: CarFormValues;
  /** Rejects with an Error whose message is shown; the values stay as typed. */
  onSubmit: (values: CarFormValues) => Promise<void>;
}

/** The owner's add and edit form (both screens show the same four required fields). */
export function CarForm({ initialValues, onSubmit }: CarFormProps) {
  const [values, setValues] = useState<CarFormValues>(initialValues);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = (field: keyof CarFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit(values);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Your car could not be saved. Please try again.');
      setSubmitting(false);
    }
  };

  return (
    <Form onSubmit={(event) => void handleSubmit(event)}>
      <ErrorAlert message={error} onClose={() => setError(null)} />
      <FormField
        label="Image"
        name="url"
        type="text"
        inputMode="url"
        required
        maxLength={URL_MAX}
        placeholder="https://"
        hint="A link to a photo of your car."
        value={values.url}
        onChange={change('url')}
        disabled={submitting}
      />
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
        hint="Rupees per day, a whole number."
        value={values.price}
        onChange={change('price')}
        disabled={submitting}
      />
      <Button type="submit" variant="primary" disabled={submitting}>
        {submitting ? 'Saving...' : 'Submit'}
      </Button>
    </Form>
  );
}
