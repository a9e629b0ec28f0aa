import type { RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import { t } from '../lib/i18n';

/**
 * The page a list's address asks for (`?page=2`); anything but a whole number from 1 means the first.
 * `name`: the parameter, for a second list on the same page, which pages on its own.
 */
export function pageInUrl(params: URLSearchParams, name = 'page'): number | undefined {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page > 1 ? page : undefined;
}

/** `params` showing `page` in parameter `name`: the first page leaves it out, so the plain address is page 1. */
export function withPage(params: URLSearchParams, page: number, name = 'page'): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(name, String(page));
  else next.delete(name);
  return next;
}

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** How many items this page holds. */
  shown: number;
  /** What is paged, for the navigation's name: "Cars", "Bookings". */
  label: string;
  onPage: (page: number) => void;
  /** Where the list begins, when another list stands above it on the page: the new page is read from there, not the page's top. */
  top?: RefObject<HTMLElement | null>;
}

/** "1–24 of 51" with previous and next: where this page sits in the whole list. */
export function Pager({ page, pageSize, total, shown, label, onPage, top }: PagerProps) {
  // The buttons sit under the list: the new page is read from its top, as on a phone after a long scroll.
  const go = (next: number) => {
    onPage(next);
    if (top?.current) top.current.scrollIntoView({ block: 'start', behavior: 'instant' });
    else window.scrollTo({ top: 0, behavior: 'instant' });
  };
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  const hasNext = page * pageSize < total;
  if (page === 1 && !hasNext) return null;
  return (
    <nav
      aria-label={t('common.pager.label', { label })}
      className="d-flex flex-wrap align-items-center justify-content-between gap-2 my-3"
    >
      <p className="mb-0 text-muted">
        {shown > 0 ? t('common.pager.range', { first, last, total }) : t('common.pager.emptyPage', { page, total })}
      </p>
      <div className="d-flex gap-2">
        <Button
          variant="outline-primary"
          disabled={page <= 1}
          onClick={() => go(Math.max(1, Math.min(page - 1, Math.ceil(total / pageSize))))}
        >
          {t('common.pager.previous')}
        </Button>
        <Button variant="outline-primary" disabled={!hasNext} onClick={() => go(page + 1)}>
          {t('common.pager.next')}
        </Button>
      </div>
    </nav>
  );
}
