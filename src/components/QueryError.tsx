import { t } from '../lib/i18n';

interface QueryErrorProps {
  error: Error;
  onRetry: () => void;
  /** What could not be done, said before the failure's own words, such as "Your cars could not be loaded.". */
  what?: string;
}

/**
 * A load that failed, in words the person can act on, with Retry. Plain Bootstrap markup like
 * PageSpinner: the route guards of the first bundle show it too.
 */
export function QueryError({ error, onRetry, what }: QueryErrorProps) {
  return (
    <div className="alert alert-danger" role="alert">
      <div>{what ? `${what} ${error.message}` : error.message}</div>
      <div className="mt-2">
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
          {t('common.queryError.retry')}
        </button>
      </div>
    </div>
  );
}
