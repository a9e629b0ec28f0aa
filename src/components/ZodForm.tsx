import { type FormEvent, type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../lib/api-error';
import { unreachable } from '../lib/api-failure';
import { translate } from '../lib/i18n';
import type { BoundForm, FormChecks, FormSnapshot } from '../lib/form-binder';
import type { PlacedErrors } from '../lib/form-errors';
import { type FieldOptions, type FormWiring, FormWiringContext, startingProps } from './form-wiring';

type Binder = typeof import('../lib/form-binder');

/** What the form's content sees of it. */
export interface ZodFormState {
  /** From the press of submit until the call it makes has answered: its button waits disabled, so one press sends once. */
  sending: boolean;
  /**
   * Why the form was not sent or not taken, when no field is to blame, for the form's alert to word:
   * what `onSubmit` threw, an ApiError for a rule of the whole form; null while there is none.
   */
  failure: unknown;
  clearFailure: () => void;
}

export interface ZodFormActions<V> {
  /** Puts the fields back to `values`, or to where they started. */
  reset: (values?: V) => void;
}

interface ZodFormProps<V extends FieldValues> {
  /** The contract's schema the form checks with, or how to load it (with zod) when the form is first used. */
  schema: z.ZodType | (() => Promise<z.ZodType>);
  /** The fields' values as the form starts; also their names. */
  defaultValues: V;
  /** Values set from outside the form (the address a filter form reflects, changed by a link or Back): the fields take them whenever they change. */
  values?: V;
  /** The request body the values make, when they are not it: what the schema checks. */
  bodyOf?: (values: V) => unknown;
  /**
   * Sends the checked values; the form stays sending until the promise settles. A failure whose
   * sentence names a field shows under it; any other shows in the form's alert (`failure`).
   */
  onSubmit: (values: V, actions: ZodFormActions<V>) => Promise<unknown> | undefined;
  /**
   * When the checks' code loads: with the form (`mount`), or once someone starts filling it in
   * (`intent`: focus, a press, a keystroke or the submit itself), which keeps react-hook-form and zod
   * off the public pages' first load (issue 17's budgets). The fields work the same either way.
   */
  loadOn?: 'mount' | 'intent';
  /** False where a failure must stay vague whatever it says (signing in): it then always goes to the alert. */
  serverFieldErrors?: boolean;
  children: (state: ZodFormState) => ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  className?: string;
  /** The form element's id, by which code outside it reads what the fields show. */
  id?: string;
  role?: string;
}

interface Loaded {
  binder: Binder;
  form: BoundForm;
  /** Settles once the fields have registered with the form: a submit pressed before then waits for it. */
  bound: Promise<void>;
  markBound: () => void;
}

/** The props the checks and the submit read whenever they run, which may be newer than when they started. */
interface Latest<V extends FieldValues> {
  schema: ZodFormProps<V>['schema'];
  defaultValues: V;
  bodyOf: ZodFormProps<V>['bodyOf'];
  onSubmit: ZodFormProps<V>['onSubmit'];
  serverFieldErrors: boolean;
}

/** What each field is called on screen, by name, as the FormFields describe themselves. */
type Labels = Map<string, string>;

/** The form's checks (react-hook-form, its resolver and the schema), loaded once, and what they check with. */
function useChecksCode<V extends FieldValues>(latest: RefObject<Latest<V>>, element: RefObject<HTMLFormElement | null>) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const loading = useRef<Promise<Loaded> | null>(null);
  const loadedSchema = useRef<z.ZodType | null>(null);

  const checks = useMemo<FormChecks>(
    () => ({
      schema: () => {
        const current = latest.current.schema;
        if (typeof current !== 'function') return current;
        if (!loadedSchema.current) throw new Error('the form was checked before its schema loaded');
        return loadedSchema.current;
      },
      bodyOf: (values) => {
        const { bodyOf } = latest.current;
        return bodyOf ? bodyOf(values as V) : values;
      },
    }),
    [latest],
  );

  const load = useCallback((): Promise<Loaded> => {
    loading.current ??= (async () => {
      const current = latest.current.schema;
      const [binder, loadedChecks] = await Promise.all([
        import('../lib/form-binder'),
        typeof current === 'function' ? current() : Promise.resolve(current),
      ]);
      loadedSchema.current = loadedChecks;
      let markBound = () => {};
      const bound = new Promise<void>((resolve) => {
        markBound = resolve;
      });
      const form = binder.createForm(withCheckedRadios(latest.current.defaultValues, element.current), checks);
      const ready: Loaded = { binder, form, bound, markBound };
      setLoaded(ready);
      return ready;
    })().catch((error: unknown) => {
      // The next use of the form tries again.
      loading.current = null;
      throw error;
    });
    return loading.current;
  }, [checks, latest, element]);

  return { loaded, load, checks };
}

/**
 * The press of submit: once the checks have loaded and the fields registered, react-hook-form checks
 * and the form's onSubmit sends; a refusal naming a field is set on it (and focused), any other kept
 * for the alert. From the press until the answer, `pressed` holds, and a second press does nothing.
 */
function useSubmit<V extends FieldValues>(latest: RefObject<Latest<V>>, labels: RefObject<Labels>, ready: () => Promise<Loaded>) {
  const [pressed, setPressed] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [focusWanted, setFocusWanted] = useState<string | undefined>();
  /** Set on the press, before anything renders: a second press (a double click, Enter again) finds it set. */
  const busy = useRef(false);

  const send = async ({ form, binder }: Loaded) => {
    let refused: { name: string; message: string } | undefined;
    const actions: ZodFormActions<V> = { reset: (values) => form.reset(values ?? latest.current.defaultValues) };
    try {
      await form.handleSubmit(async (values) => {
        try {
          await latest.current.onSubmit(values as V, actions);
        } catch (error) {
          refused = latest.current.serverFieldErrors ? binder.serverFieldError(error, labels.current) : undefined;
          if (!refused) setFailure(error);
        }
      })();
    } catch {
      // The checks themselves failed to run: their code could not be fetched.
      setFailure(unreachable());
    }
    if (refused) {
      form.setError(refused.name, { type: 'server', message: refused.message });
      // Focused once its field is enabled again: the fields of most forms wait disabled while sending.
      setFocusWanted(refused.name);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    setPressed(true);
    void (async () => {
      try {
        const loaded = await ready();
        await loaded.bound;
        await send(loaded);
      } catch {
        // The checks' code could not be fetched.
        setFailure(unreachable());
      } finally {
        busy.current = false;
        setPressed(false);
      }
    })();
  };

  const focused = useCallback(() => setFocusWanted(undefined), []);
  return { submit, pressed, failure, setFailure, focusWanted, focused };
}

/** The form's errors as react-hook-form last told them, and whether it is submitting. */
function useFormSnapshot() {
  const [snapshot, setSnapshot] = useState<FormSnapshot>({ errors: new Map(), isSubmitting: false });
  const onState = useCallback(
    (next: FormSnapshot) => setSnapshot((current) => (sameSnapshot(current, next) ? current : next)),
    [],
  );
  return { snapshot, onState };
}

/** The fields take `values` whenever they change, once the form is bound (until then they start from them). */
function useOutsideValues<V extends FieldValues>(values: V | undefined, form: BoundForm | undefined) {
  const valuesKey = values === undefined ? undefined : JSON.stringify(values);
  const shownValues = useRef(valuesKey);
  useEffect(() => {
    if (valuesKey === shownValues.current) return;
    shownValues.current = valuesKey;
    if (form && values) form.reset(values);
  }, [valuesKey, form, values]);
}

/** How the fields reach the form: plain controls until the checks load, react-hook-form's registration after. */
function useWiring<V extends FieldValues>(
  latest: RefObject<Latest<V>>,
  labels: RefObject<Labels>,
  form: BoundForm | undefined,
  fieldErrors: ReadonlyMap<string, string>,
  focus: Pick<FormWiring, 'focusWanted' | 'focused'>,
): FormWiring {
  const describe = useCallback(
    (name: string, label: string) => {
      labels.current.set(name, label);
      return () => {
        if (labels.current.get(name) === label) labels.current.delete(name);
      };
    },
    [labels],
  );
  return {
    control: (name: string, options?: FieldOptions) => {
      const starting = startingProps(name, latest.current.defaultValues[name], options);
      if (!form) return starting;
      const { ref, onChange, onBlur } = form.register(name, { onChange: options?.onChange });
      return { ...starting, ref, onChange, onBlur };
    },
    error: (name) => {
      const message = fieldErrors.get(name);
      return message === undefined ? undefined : translate(message);
    },
    describe,
    focusWanted: focus.focusWanted,
    focused: focus.focused,
  };
}

/**
 * A form checked with the contract's zod schema by react-hook-form, field by field as the server
 * would check it. Each FormField inside it shows its own error (aria-invalid, aria-describedby), a
 * refusal from the server that names a field goes under that field, and the submit waits for the
 * answer, whatever the clicking. The browser's own checks are off (noValidate): they showed one
 * error at a time, and the schema's words are the server's.
 */
export function ZodForm<V extends FieldValues>({
  schema,
  defaultValues: startValues,
  values,
  bodyOf,
  onSubmit,
  loadOn = 'mount',
  serverFieldErrors = true,
  children,
  ...formProps
}: ZodFormProps<V>) {
  const element = useRef<HTMLFormElement>(null);
  const labels = useRef<Labels>(new Map());
  const defaultValues = values ?? startValues;
  const latest = useRef<Latest<V>>({ schema, defaultValues, bodyOf, onSubmit, serverFieldErrors });
  latest.current = { schema, defaultValues, bodyOf, onSubmit, serverFieldErrors };

  const { loaded, load, checks } = useChecksCode(latest, element);
  const { snapshot, onState } = useFormSnapshot();
  const submitting = useSubmit(latest, labels, async () => loaded ?? (await load()));
  const form = loaded?.form;
  useOutsideValues(values, form);
  useEffect(() => {
    if (loadOn === 'mount') load().catch(() => {});
  }, [loadOn, load]);

  // Errors come only from the loaded checks, which place them.
  const placed: PlacedErrors = loaded ? loaded.binder.placeErrors(snapshot.errors, labels.current) : NO_ERRORS;
  // A check's id shows as its words; a server's sentence as it is.
  const formMessage = placed.form === undefined ? undefined : translate(placed.form);
  const clientFailure = formMessage === undefined ? null : new ApiError(400, formMessage, formMessage);
  const wiring = useWiring(latest, labels, form, placed.fields, {
    focusWanted: submitting.focusWanted,
    focused: submitting.focused,
  });
  const clearFailure = () => {
    submitting.setFailure(null);
    // The whole form's rule is checked again on the next submit.
    if (form && clientFailure) {
      for (const path of snapshot.errors.keys()) if (!placed.fields.has(path)) form.clearErrors(path === '' ? undefined : path);
    }
  };
  const wantChecks = loadOn === 'intent' && !loaded ? () => load().catch(() => {}) : undefined;

  const Hooks = loaded?.binder.FormHooks;
  return (
    <Form
      {...formProps}
      ref={element}
      noValidate
      onSubmit={submitting.submit}
      onFocus={wantChecks}
      onPointerDown={wantChecks}
      onKeyDown={wantChecks}
    >
      <FormWiringContext value={wiring}>
        {children({
          sending: submitting.pressed || snapshot.isSubmitting,
          failure: submitting.failure ?? clientFailure,
          clearFailure,
        })}
      </FormWiringContext>
      {/* After the fields, so they have registered by the time react-hook-form marks the form ready. */}
      {Hooks && loaded ? <Hooks form={loaded.form} checks={checks} onState={onState} onBound={loaded.markBound} /> : null}
    </Form>
  );
}

const NO_ERRORS: PlacedErrors = { fields: new Map(), form: undefined };

/**
 * The values to start from, with any radio button checked before the form's code loaded: react-hook-form
 * tells a text box or a select edited before it was ready from its default, but not a radio group.
 */
function withCheckedRadios<V extends FieldValues>(values: V, form: HTMLFormElement | null): V {
  const checked = form ? [...form.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')] : [];
  return checked.length === 0 ? values : { ...values, ...Object.fromEntries(checked.map((radio) => [radio.name, radio.value])) };
}

function sameSnapshot(one: FormSnapshot, other: FormSnapshot): boolean {
  if (one.isSubmitting !== other.isSubmitting || one.errors.size !== other.errors.size) return false;
  for (const [path, message] of one.errors) if (other.errors.get(path) !== message) return false;
  return true;
}
