import { type ChangeEvent, type ReactNode, useState } from 'react';
import { t } from '../lib/i18n';
import type { FieldElement } from './form-wiring';

/** From how few characters left the count is announced as it changes: a tenth of the field's room. */
const NEAR_SHARE = 0.1;

/**
 * "1,980 characters left", for a field's help line, whose id the field's aria-describedby names (a
 * FormField's `hint`), so the count is read with the field. It is announced politely as it changes
 * only once the limit is near: every keystroke before then would only be noise.
 */
export function CharsLeft({ left, max }: { left: number; max: number }) {
  const words = t('common.charsLeft', { left });
  const near = left <= max * NEAR_SHARE;
  return (
    <span className={near ? 'text-warning-emphasis' : undefined}>
      {near ? null : words}
      {/* Always there, so that screen readers watch it before it first speaks. */}
      <span aria-live="polite">{near ? words : null}</span>
    </span>
  );
}

export interface CharsLeftWiring {
  /** For the field's `hint`. */
  hint: ReactNode;
  /** For the field's `onChange`: the count follows what is typed. */
  onChange: (event: ChangeEvent<FieldElement>) => void;
  /** After the form is reset, which empties the field without a change event. */
  clear: () => void;
}

/** The count of a field that holds at most `max` characters (the limit of the contract's schema). */
export function useCharsLeft(max: number): CharsLeftWiring {
  const [length, setLength] = useState(0);
  return {
    hint: <CharsLeft left={max - length} max={max} />,
    onChange: (event) => setLength(event.target.value.length),
    clear: () => setLength(0),
  };
}
