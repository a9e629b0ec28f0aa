import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect } from 'react';
import { createFormControl, type FieldValues, type ReadFormState, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { describeIssue, WHOLE } from '../domain/issue-message';
import { errorMessages } from './form-errors';
import { checkWords } from './form-words';

// Where the errors go, loaded with the checks: a form has none before they load.
export { placeErrors, serverFieldError } from './form-errors';

/**
 * react-hook-form and its zod resolver, which src/components/ZodForm.tsx loads on its own: about
 * 14 KB over the wire that the public pages fetch only once someone starts filling a form in.
 */

export interface FormChecks {
  /** What the form checks with, read at each check: a form's rules may change as it is filled in. */
  schema: () => z.ZodType;
  /** What the schema checks: the request body the form's values make, when they are not it. */
  bodyOf: (values: FieldValues) => unknown;
}

/**
 * Checks the body the values make with the contract's schema, worded as the server words its own
 * refusals, each field's problem under its path; the form's values, not the body, go on to be sent.
 */
function checksResolver({ schema, bodyOf }: FormChecks): Resolver {
  return async (values, context, options) => {
    // A body is an object of fields, as every form's schema takes.
    const body = schema() as z.ZodType<FieldValues, FieldValues>;
    const resolve = zodResolver(body, { error: (issue) => checkWords(describeIssue(issue, WHOLE.form)) }, { raw: true });
    const { errors } = await resolve(bodyOf(values) as FieldValues, context, options);
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

const formOptions = (checks: FormChecks) => ({ resolver: checksResolver(checks), shouldFocusError: true }) as const;

/**
 * The form's state, made outside React so the form's fields can register with it in the same render
 * that mounts FormHooks: a field typed into before the code loaded then keeps what was typed, as
 * react-hook-form reads a control edited before the form is ready instead of resetting it.
 */
export function createForm(defaultValues: FieldValues, checks: FormChecks) {
  return createFormControl({ ...formOptions(checks), defaultValues });
}

export type BoundForm = ReturnType<typeof createForm>;

export interface FormSnapshot {
  /** Each error's message by its field's path ("" for the whole form's). */
  errors: Map<string, string>;
  isSubmitting: boolean;
}

interface FormHooksProps {
  form: BoundForm;
  checks: FormChecks;
  onState: (state: FormSnapshot) => void;
  /** Called once the fields rendered before it have registered, and the form is ready to submit. */
  onBound: () => void;
}

/** react-hook-form's hook over the form made by createForm, rendered after the fields; it tells the form of each change of its errors and submitting. */
export function FormHooks({ form, checks, onState, onBound }: FormHooksProps) {
  useForm({ formControl: form.formControl, ...formOptions(checks) });
  // Its layout effects run after the refs of the fields rendered before it: they have registered by now.
  useLayoutEffect(() => onBound(), [onBound]);
  useLayoutEffect(
    () =>
      form.subscribe({
        // react-hook-form tells a subscriber any state it names; its type lists only those its proxy tracks.
        formState: { errors: true, isSubmitting: true } as Partial<ReadFormState>,
        callback: ({ errors, isSubmitting }) =>
          onState({ errors: errorMessages(errors ?? {}), isSubmitting: isSubmitting ?? false }),
      }),
    [form, onState],
  );
  // An empty fragment rather than null: this chunk then imports the JSX runtime as every other chunk
  // does, and the bundler keeps React and its JSX runtime in one chunk instead of splitting React out
  // (with a chunk of its own interop helpers) into two more requests on every page.
  // biome-ignore lint/complexity/noUselessFragments: the fragment is there for the import it brings, as above
  return <></>;
}
