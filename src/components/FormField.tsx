import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

type FormFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** A short help line under the field, announced with it. */
  hint?: ReactNode;
  /** Renders a textarea instead of a one-line input. */
  multiline?: boolean;
  rows?: number;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name' | 'id' | 'size' | 'children'>;

/** One labelled form field: every form of the app builds on it so labels, ids and hints stay consistent. */
export function FormField({ label, name, value, onChange, hint, multiline = false, rows, ...inputProps }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = hint ? hintId : undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      {multiline ? (
        <Form.Control
          as="textarea"
          rows={rows}
          name={name}
          value={value}
          required={inputProps.required}
          disabled={inputProps.disabled}
          maxLength={inputProps.maxLength}
          placeholder={inputProps.placeholder}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
        />
      ) : (
        <Form.Control
          {...inputProps}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
        />
      )}
      {hint ? (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      ) : null}
    </Form.Group>
  );
}
