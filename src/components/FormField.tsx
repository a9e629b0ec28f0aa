import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import Form from 'react-bootstrap/Form';
import { t } from '../lib/i18n';
import { type ControlProps, type FieldElement, type FieldOptions, FormWiringContext } from './form-wiring';

interface FieldWiringOptions extends FieldOptions {
  /** What the field is called on screen: an error that starts with these words goes under it. */
  label: string;
  /** Whether the field shows a help line (its id is `hintId`), announced with it. */
  hasHint?: boolean;
  /** A disabled field is focused for its error once it is enabled again. */
  disabled?: boolean;
}

/** The control's props: the form's binding, and its error and hint for assistive technology. */
export type BoundControlProps = Omit<ControlProps, 'ref'> & {
  ref: (element: FieldElement | null) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-errormessage': string | undefined;
};

export interface FormFieldWiring {
  /** The control's id, for its label. */
  id: string;
  error: string | undefined;
  errorId: string;
  hintId: string;
  /** Spread on the control. */
  props: BoundControlProps;
  /** Spread on one radio button of the field, whose value is `value`. */
  radio: (value: string) => BoundControlProps;
}

/**
 * The one wiring of a field to its form (src/components/ZodForm.tsx): the control's binding, its
 * error's id and words, aria-invalid and aria-describedby (the error, then the hint). FormField uses
 * it; so do the few controls laid out otherwise (the newsletter's box beside its button, the stars).
 */
export function useFormField(
  name: string,
  { label, hasHint = false, disabled = false, ...options }: FieldWiringOptions,
): FormFieldWiring {
  const wiring = useContext(FormWiringContext);
  const { describe, focusWanted, focused } = wiring;
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const error = wiring.error(name);
  const element = useRef<FieldElement | null>(null);

  useEffect(() => describe(name, label), [describe, name, label]);
  useEffect(() => {
    if (focusWanted !== name || disabled || !element.current) return;
    element.current.focus();
    focused();
  }, [focusWanted, focused, name, disabled]);

  const describedBy = [error ? errorId : '', hasHint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const bind = ({ ref, ...control }: ControlProps): BoundControlProps => ({
    ...control,
    ref: (node) => {
      element.current = node;
      ref?.(node);
    },
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-errormessage': error ? errorId : undefined,
  });
  return {
    id,
    error,
    errorId,
    hintId,
    props: bind(wiring.control(name, options)),
    radio: (value) => bind(wiring.control(name, { ...options, radioValue: value })),
  };
}

/** The field's error under it, while it has one; its id is what the control's aria-describedby names. */
export function FieldError({ field }: { field: Pick<FormFieldWiring, 'error' | 'errorId'> }) {
  return field.error ? (
    <div id={field.errorId} className="invalid-feedback d-block">
      {field.error}
    </div>
  ) : null;
}

/**
 * How much of a length limit is left: "1,990 characters left". Announced as it changes only once
 * the last tenth is reached; before that it is read with the field (in its description).
 */
export function CharactersLeft({ length, max, id }: { length: number; max: number; id?: string }) {
  const left = Math.max(0, max - length);
  return (
    <Form.Text id={id} muted aria-live={left <= max / 10 ? 'polite' : undefined} className="d-block">
      {t('common.field.charactersLeft', { left })}
    </Form.Text>
  );
}

/**
 * The length of what a field holds, for its counter: heard on each change, and read again from the
 * control after each render (the form may have put a draft or a saved value in it).
 */
function useFieldLength(onChange: FormFieldProps['onChange']) {
  const [length, setLength] = useState(0);
  const element = useRef<FieldElement | null>(null);
  useEffect(() => {
    if (element.current) setLength(element.current.value.length);
  });
  return {
    length,
    onChange: (event: ChangeEvent<FieldElement>) => {
      setLength(event.target.value.length);
      onChange?.(event);
    },
    withRef: (props: BoundControlProps): BoundControlProps => ({
      ...props,
      ref: (node) => {
        element.current = node;
        props.ref(node);
      },
    }),
  };
}

type FormFieldProps = {
  label: string;
  name: string;
  /** A short help line under the field, announced with it. */
  hint?: ReactNode;
  /** A line between the label and the control ("Commenting as …"). */
  lead?: ReactNode;
  /** Renders a textarea instead of a one-line input. */
  multiline?: boolean;
  rows?: number;
  /** Renders a select of these values, each with its words. */
  choices?: readonly (readonly [value: string, label: string])[];
  /** Hears each change, besides the form. */
  onChange?: (event: ChangeEvent<FieldElement>) => void;
  /** Shows how many characters of `maxLength` are left under the field, read with it. */
  showRemaining?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'defaultValue' | 'name' | 'id' | 'size' | 'children'>;

/** One labelled form field, its error under it: every form of the app builds on it so labels, ids, errors and hints stay consistent. */
export function FormField({
  label,
  name,
  hint,
  lead,
  multiline = false,
  rows,
  choices,
  onChange,
  showRemaining = false,
  ...inputProps
}: FormFieldProps) {
  const counted = useFieldLength(onChange);
  const max = showRemaining ? inputProps.maxLength : undefined;
  const field = useFormField(name, {
    label,
    hasHint: Boolean(hint) || max !== undefined,
    disabled: inputProps.disabled,
    onChange: max === undefined ? onChange : counted.onChange,
  });
  const props = max === undefined ? field.props : counted.withRef(field.props);
  const invalid = Boolean(field.error);
  return (
    <Form.Group className="mb-3" controlId={field.id}>
      <Form.Label>{label}</Form.Label>
      {lead}
      {choices ? (
        <Form.Select {...props} isInvalid={invalid} required={inputProps.required} disabled={inputProps.disabled}>
          {choices.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Form.Select>
      ) : multiline ? (
        <Form.Control
          as="textarea"
          rows={rows}
          required={inputProps.required}
          disabled={inputProps.disabled}
          maxLength={inputProps.maxLength}
          placeholder={inputProps.placeholder}
          autoFocus={inputProps.autoFocus}
          {...props}
          isInvalid={invalid}
        />
      ) : (
        <Form.Control {...inputProps} {...props} isInvalid={invalid} />
      )}
      <FieldError field={field} />
      {max !== undefined ? (
        <div id={field.hintId}>
          {hint ? (
            <Form.Text muted className="d-block">
              {hint}
            </Form.Text>
          ) : null}
          <CharactersLeft length={counted.length} max={max} />
        </div>
      ) : hint ? (
        <Form.Text id={field.hintId} muted>
          {hint}
        </Form.Text>
      ) : null}
    </Form.Group>
  );
}

/** A labelled on/off switch whose value is whether it is on, with a help line under it when given. */
export function FormSwitch({ label, name, hint, disabled }: { label: string; name: string; hint?: string; disabled?: boolean }) {
  const field = useFormField(name, { label, checkbox: true, disabled, hasHint: Boolean(hint) });
  return (
    <div className="mb-3">
      <Form.Check
        type="switch"
        id={field.id}
        label={label}
        disabled={disabled}
        {...field.props}
        isInvalid={Boolean(field.error)}
      />
      <FieldError field={field} />
      {hint ? (
        <Form.Text id={field.hintId} muted>
          {hint}
        </Form.Text>
      ) : null}
    </div>
  );
}
