import type { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router-dom';
import { FieldError, useFormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import { t } from './words';

/** A box searched when the form is sent (Enter or Search). */
export interface AdminSearchFilter {
  kind: 'search';
  /** The query parameter it sets, which is also the one sent to the server. */
  name: string;
  label: string;
  /** The longest the server takes; the box stops there. */
  maxLength?: number;
}

/** A select applied as soon as it changes; its first choice, "any", leaves the filter out. */
export interface AdminChoiceFilter {
  kind: 'choice';
  name: string;
  label: string;
  /** The first choice's words: "Any role". */
  anyLabel: string;
  choices: readonly (readonly [value: string, label: string])[];
}

export type AdminFilter = AdminSearchFilter | AdminChoiceFilter;

interface AdminFiltersProps {
  /** The form's name for screen readers: "Find accounts". */
  label: string;
  filters: readonly AdminFilter[];
  /** The list's query schema in the contract, which checks what the filters send. */
  query: z.ZodObject;
}

type Values = Record<string, string>;

const valuesIn = (params: URLSearchParams, filters: readonly AdminFilter[]): Values =>
  Object.fromEntries(filters.map((filter) => [filter.name, params.get(filter.name) ?? '']));

/** One filter: its label over its box or select, its error under it. */
function FilterField({ filter, onChoice }: { filter: AdminFilter; onChoice: (form: HTMLFormElement | null) => void }) {
  const field = useFormField(filter.name, {
    label: filter.label,
    onChange: filter.kind === 'choice' ? (event) => onChoice(event.target.form) : undefined,
  });
  return (
    <Form.Group controlId={field.id}>
      <Form.Label className="mb-1">{filter.label}</Form.Label>
      {filter.kind === 'search' ? (
        <Form.Control type="search" maxLength={filter.maxLength} {...field.props} isInvalid={Boolean(field.error)} />
      ) : (
        <Form.Select {...field.props} isInvalid={Boolean(field.error)}>
          <option value="">{filter.anyLabel}</option>
          {filter.choices.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Form.Select>
      )}
      <FieldError field={field} />
    </Form.Group>
  );
}

/**
 * A console list's search box and filters, kept in the address so a filtered list can be linked to,
 * reloaded and gone back to. Any change starts the list again on its first page; a blank value is
 * left out of the address, and so out of the request. What is typed but not yet searched stays in
 * the box until the address changes (a link, Back).
 */
export function AdminFilters({ label, filters, query }: AdminFiltersProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = valuesIn(searchParams, filters);

  /**
   * Sets the named filters in the address as it stands when the change lands, not as it stood when
   * the form was last drawn: a search still being checked must not undo a choice made meanwhile.
   */
  const apply = (next: Values, names: readonly string[] = filters.map(({ name }) => name)) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      for (const name of names) {
        const value = next[name]?.trim() ?? '';
        if (value) params.set(name, value);
        else params.delete(name);
      }
      params.delete('page');
      return params;
    });
  };
  /** A select applies at once, with the boxes as they stand. */
  const applyForm = (form: HTMLFormElement | null) => {
    if (!form) return;
    const data = new FormData(form);
    apply(Object.fromEntries(filters.map(({ name }) => [name, String(data.get(name) ?? '')])));
  };

  const filtered = Object.values(inUrl).some((value) => value.trim() !== '');
  const cleared = Object.fromEntries(filters.map(({ name }) => [name, '']));

  return (
    <ZodForm
      schema={query}
      defaultValues={inUrl}
      values={inUrl}
      onSubmit={(values) => {
        // A select applies itself when chosen; a search applies its boxes.
        apply(
          values,
          filters.filter((filter) => filter.kind === 'search').map(({ name }) => name),
        );
        return undefined;
      }}
      role="search"
      aria-label={label}
      className="mb-3"
    >
      {() => (
        <Row className="g-2 align-items-end">
          {filters.map((filter) => (
            <Col key={filter.name} xs={12} sm={6} lg>
              <FilterField filter={filter} onChoice={applyForm} />
            </Col>
          ))}
          <Col xs="auto" className="d-flex gap-2">
            <Button type="submit">{t('admin.filters.search')}</Button>
            {filtered ? (
              <Button variant="outline-secondary" onClick={() => apply(cleared)}>
                {t('admin.filters.clear')}
              </Button>
            ) : null}
          </Col>
        </Row>
      )}
    </ZodForm>
  );
}
