import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router-dom';

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
}

type Values = Record<string, string>;

const valuesIn = (params: URLSearchParams, filters: readonly AdminFilter[]): Values =>
  Object.fromEntries(filters.map((filter) => [filter.name, params.get(filter.name) ?? '']));

/**
 * A console list's search box and filters, kept in the address so a filtered list can be linked to,
 * reloaded and gone back to. Any change starts the list again on its first page; a blank value is
 * left out of the address, and so out of the request.
 */
export function AdminFilters({ label, filters }: AdminFiltersProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = valuesIn(searchParams, filters);
  const urlKey = JSON.stringify(inUrl);
  // What is typed but not yet searched; taken again from the address when it changes (a link, Back).
  const [values, setValues] = useState(inUrl);
  const [shownKey, setShownKey] = useState(urlKey);
  if (shownKey !== urlKey) {
    setShownKey(urlKey);
    setValues(inUrl);
  }

  const apply = (next: Values) => {
    setValues(next);
    const params = new URLSearchParams(searchParams);
    for (const { name } of filters) {
      const value = next[name]?.trim() ?? '';
      if (value) params.set(name, value);
      else params.delete(name);
    }
    params.delete('page');
    setSearchParams(params);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(values);
  };

  const filtered = Object.values(inUrl).some((value) => value.trim() !== '');
  const cleared = Object.fromEntries(filters.map(({ name }) => [name, '']));

  return (
    <Form role="search" aria-label={label} onSubmit={submit} className="mb-3">
      <Row className="g-2 align-items-end">
        {filters.map((filter) => (
          <Col key={filter.name} xs={12} sm={6} lg>
            <Form.Group controlId={`filter-${filter.name}`}>
              <Form.Label className="mb-1">{filter.label}</Form.Label>
              {filter.kind === 'search' ? (
                <Form.Control
                  type="search"
                  value={values[filter.name] ?? ''}
                  maxLength={filter.maxLength}
                  onChange={(event) => setValues({ ...values, [filter.name]: event.target.value })}
                />
              ) : (
                <Form.Select
                  value={values[filter.name] ?? ''}
                  onChange={(event) => apply({ ...values, [filter.name]: event.target.value })}
                >
                  <option value="">{filter.anyLabel}</option>
                  {filter.choices.map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </Form.Select>
              )}
            </Form.Group>
          </Col>
        ))}
        <Col xs="auto" className="d-flex gap-2">
          <Button type="submit">Search</Button>
          {filtered ? (
            <Button variant="outline-secondary" onClick={() => apply(cleared)}>
              Clear filters
            </Button>
          ) : null}
        </Col>
      </Row>
    </Form>
  );
}
