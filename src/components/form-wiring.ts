import { createContext, type ChangeEvent, type FocusEvent } from 'react';

/** A control a form field binds: a text box, a text area, a select, a checkbox or a radio button. */
export type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What a field asks of its form besides its name. */
export interface FieldOptions {
  /** Hears each change the person makes, whether or not the form's checks have loaded yet. */
  onChange?: (event: ChangeEvent<FieldElement>) => void;
  /** A checkbox: its value is whether it is ticked. */
  checkbox?: boolean;
  /** A radio button's own value: the field's value is the checked button's. */
  radioValue?: string;
}

/** The props that bind a control to its form: react-hook-form's `register` once loaded, plain uncontrolled ones until then. */
export interface ControlProps {
  name: string;
  // react-hook-form's ref takes whatever element it is given.
  ref?: (element: FieldElement | null) => void;
  onChange?: (event: ChangeEvent<FieldElement>) => unknown;
  onBlur?: (event: FocusEvent<FieldElement>) => unknown;
  defaultValue?: string;
  defaultChecked?: boolean;
  value?: string;
}

/**
 * How the fields of a form (src/components/ZodForm.tsx) reach it: the one wiring behind every
 * FormField, so no form binds its controls, errors and their ids by hand.
 */
export interface FormWiring {
  control(name: string, options?: FieldOptions): ControlProps;
  /** The field's error in words (a check's, or the server's sentence), while it has one. */
  error(name: string): string | undefined;
  /** Tells the form what a field is called on screen, so an error that names it in those words goes under it; returns the undo. */
  describe(name: string, label: string): () => void;
  /** The field the form wants focused (one whose error came back from the server), until `focused` is called. */
  focusWanted: string | undefined;
  focused(): void;
}

/** A field's starting value as its control shows it before the form's code has loaded. */
export function startingProps(name: string, value: unknown, options: FieldOptions = {}): ControlProps {
  if (options.checkbox) return { name, defaultChecked: value === true, onChange: options.onChange };
  if (options.radioValue !== undefined) {
    return {
      name,
      value: options.radioValue,
      defaultChecked: value !== undefined && String(value) === options.radioValue,
      onChange: options.onChange,
    };
  }
  return { name, defaultValue: value === undefined || value === null ? '' : String(value), onChange: options.onChange };
}

/** Outside any form: plain controls that start empty. */
const noForm: FormWiring = {
  control: (name, options) => startingProps(name, undefined, options),
  error: () => undefined,
  describe: () => () => {},
  focusWanted: undefined,
  focused: () => {},
};

export const FormWiringContext = createContext<FormWiring>(noForm);
