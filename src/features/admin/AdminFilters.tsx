import type { z } from 'zod';
import { type ChangeEvent, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router-dom';
import { FieldError, useFormField } from '../../components/FormField';
import type { FieldElement } from '../../components/form-wiring';
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
function FilterField({ filter, onChoice }: { filter: AdminFilter; onChoice: () => void }) {
  const field = useFormField(filter.name, { label: filter.label });
  // A choice applies itself from the control's own change, not through the form library's handler,
  // which skips a field it is re-registering (the address changing under it).
  const props =
    filter.kind === 'choice'
      ? {
          ...field.props,
          onChange: (event: ChangeEvent<FieldElement>) => {
            field.props.onChange?.(event);
            onChoice();
          },
        }
      : field.props;
  return (
    <Form.Group controlId={field.id}>
      <Form.Label className="mb-1">{filter.label}</Form.Label>
      {filter.kind === 'search' ? (
        <Form.Control type="search" maxLength={filter.maxLength} {...props} isInvalid={Boolean(field.error)} />
      ) : (
        <Form.Select {...props} isInvalid={Boolean(field.error)}>
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

  const formId = useId();
  const apply = (next: Values) => {
    const params = new URLSearchParams(searchParams);
    for (const { name } of filters) {
      const value = next[name]?.trim() ?? '';
      if (value) params.set(name, value);
      else params.delete(name);
    }
    params.delete('page');
    setSearchParams(params);
  };
  /**
   * Applies every filter as the form shows it now. The address this component last drew can be behind
   * (the router renders navigations as transitions), and a search's checks finish after a select
   * chosen meanwhile has applied itself: the fields on screen are what the person last chose.
   */
  const applyForm = () => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
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
      onSubmit={() => {
        applyForm();
        return undefined;
      }}
      id={formId}
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
