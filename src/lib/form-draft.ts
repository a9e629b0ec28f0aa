// A form's draft: what was typed, kept in this browser tab (sessionStorage) by the form's key, so
// Back, Forward and a reload bring it back; never sent anywhere, and gone once the form is saved.

type DraftValues = Record<string, string | boolean>;

const storageKey = (key: string) => `form-draft:${key}`;

/** The values a form shows, read from its controls by the names `shape` has: a box's tick, any other control's text. */
export function formValuesOf<V extends DraftValues>(form: HTMLFormElement, shape: V): V {
  const values: DraftValues = { ...shape };
  for (const [name, start] of Object.entries(shape)) {
    const control = form.elements.namedItem(name);
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement))
      continue;
    values[name] = typeof start === 'boolean' && control instanceof HTMLInputElement ? control.checked : control.value;
  }
  return values as V;
}

export const sameValues = (one: DraftValues, other: DraftValues): boolean =>
  Object.keys(one).every((name) => one[name] === other[name]);

/** The draft kept under `key` over `saved` (each field of the draft's type taken, anything else left out), or `saved` when there is none. */
export function readDraft<V extends DraftValues>(key: string, saved: V): V {
  let draft: unknown;
  try {
    draft = JSON.parse(sessionStorage.getItem(storageKey(key)) ?? 'null');
  } catch {
    return saved;
  }
  if (typeof draft !== 'object' || draft === null) return saved;
  const kept = Object.entries(draft).filter(([name, value]) => name in saved && typeof value === typeof saved[name]);
  return { ...saved, ...Object.fromEntries(kept) };
}

/** Keeps `values` under `key`, or lets the draft go when they are what is saved. */
export function keepDraft(key: string, values: DraftValues, saved: DraftValues): void {
  try {
    if (sameValues(values, saved)) sessionStorage.removeItem(storageKey(key));
    else sessionStorage.setItem(storageKey(key), JSON.stringify(values));
  } catch {
    // Storage full or refused (a private window): the form works on, only without a draft.
  }
}

export function dropDraft(key: string): void {
  try {
    sessionStorage.removeItem(storageKey(key));
  } catch {
    // As above: there was no draft to drop.
  }
}
