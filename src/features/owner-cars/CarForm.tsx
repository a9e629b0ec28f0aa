import { useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
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
  /** The add or the edit call; its error (the server's message) is shown, and the values stay as typed. */
  save: UseMutationResult<void, Error, CarFormValues>;
  /** Where to go once the car is saved. */
  onSaved: () => void;
}

/** The owner's add and edit form (both screens show the same four required fields). */
export function CarForm({ initialValues, save, onSaved }: CarFormProps) {
  const [values, setValues] = useState<CarFormValues>(initialValues);
  // Saved, the form stays locked until the next screen replaces it.
  const submitting = save.isPending || save.isSuccess;

  const change = (field: keyof CarFormValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(values, { onSuccess: onSaved });
  };

  return (
    <Form onSubmit={handleSubmit}>
      <ErrorAlert message={save.error?.message} onClose={save.reset} />
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
        hint="Rupees per hour, a whole number."
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
