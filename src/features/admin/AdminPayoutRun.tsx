import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { formatIndiaTime } from '../../domain/india-time';
import { formatPaise } from '../../domain/money';
import { bankFileName, payoutNumber, payoutRunNumber } from '../../domain/payout-number';
import { type AdminPayout, type AdminPayoutRunDetail, OPEN_PAYOUT_STATUSES } from '../../domain/schemas/payouts';
import { ActionNotice } from '../../components/ActionNotice';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { useRetry } from '../../lib/query-client';
import { AdminRows, type AdminColumn } from './AdminTable';
import { PayoutStatusBadge } from './PayoutStatusBadge';
import { payoutKeys, useMarkPayoutFailed, useMarkPayoutPaid, usePayoutRun, useTakeBankFile } from './payouts-queries';
import { ReasonDialog } from './ReasonDialog';
import { useAskedAction } from './useAskedAction';
import { UtrDialog } from './UtrDialog';
import { t } from './words';

const isOpen = (payout: AdminPayout) => (OPEN_PAYOUT_STATUSES as readonly string[]).includes(payout.status);

/** Hands the browser a file to save, as a download link would. */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Some browsers read the address only after the click's turn.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Where the payout stands: its status, and the UTR and date once paid, or why it failed. */
function PayoutState({ payout }: { payout: AdminPayout }) {
  return (
    <>
      <PayoutStatusBadge status={payout.status} />
      {payout.status === 'paid' && payout.paidAt ? (
        <div className="small">
          {t('admin.payouts.paidWith', { utr: payout.utr ?? '', when: formatIndiaTime(payout.paidAt) })}
        </div>
      ) : null}
      {payout.failureReason ? <div className="small admin-text">{payout.failureReason}</div> : null}
    </>
  );
}

interface Actions {
  markPaid: (payout: AdminPayout) => void;
  markFailed: (payout: AdminPayout) => void;
}

const columns = ({ markPaid, markFailed }: Actions): readonly AdminColumn<AdminPayout>[] => [
  {
    header: t('admin.payouts.column.payout'),
    cell: (payout) => <span className="fw-semibold text-nowrap">{payoutNumber(payout.number)}</span>,
  },
  { header: t('admin.payouts.column.owner'), cell: (payout) => payout.owner.username },
  {
    header: t('admin.payouts.column.account'),
    cell: (payout) =>
      payout.accountLast4 ? (
        <span className="text-nowrap">{t('admin.payouts.accountEnding', { last4: payout.accountLast4 })}</span>
      ) : (
        <span className="text-muted">{t('admin.payouts.noAccount')}</span>
      ),
  },
  {
    header: t('admin.payouts.column.amount'),
    cell: (payout) => <span className="price text-nowrap">{formatPaise(payout.amountPaise)}</span>,
  },
  { header: t('admin.payouts.column.status'), cell: (payout) => <PayoutState payout={payout} /> },
  {
    header: t('admin.payouts.column.action'),
    cell: (payout) =>
      isOpen(payout) ? (
        <div className="d-flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline-primary"
            className="text-nowrap"
            aria-label={t('admin.payouts.markPaidLabel', { payout: payoutNumber(payout.number) })}
            onClick={() => markPaid(payout)}
          >
            {t('admin.payouts.markPaid')}
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            className="text-nowrap"
            aria-label={t('admin.payouts.markFailedLabel', { payout: payoutNumber(payout.number) })}
            onClick={() => markFailed(payout)}
          >
            {t('admin.payouts.markFailed')}
          </Button>
        </div>
      ) : null,
  },
];

/** The run's bank file: taken through the API, saved by the browser, and the run read again with its payouts processing. */
function BankFileButton({ run }: { run: AdminPayoutRunDetail }) {
  const take = useTakeBankFile();
  const [notice, setNotice] = useState<string | null>(null);
  const toSend = run.byStatus.requested + run.byStatus.processing;
  const download = async () => {
    setNotice(null);
    try {
      const csv = await take.mutateAsync(run.id);
      const name = bankFileName(run.number);
      saveFile(name, csv);
      setNotice(t('admin.payouts.bankFile.done', { file: name, count: toSend }));
    } catch {
      // The refusal shows beside the button.
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <Button variant="outline-primary" disabled={toSend === 0 || take.isPending} onClick={() => void download()}>
          {take.isPending ? t('admin.payouts.bankFile.working') : t('admin.payouts.bankFile.button')}
        </Button>
        <p className="mb-0 small text-muted">
          {toSend === 0 ? t('admin.payouts.bankFile.nothing') : t('admin.payouts.bankFile.hint', { count: toSend })}
        </p>
      </div>
      <ErrorAlert message={take.error?.message} onClose={() => take.reset()} />
      <ActionNotice message={notice} onDismiss={() => setNotice(null)} />
    </>
  );
}

/** A run opened from the list: its bank file, and each of its payouts to mark paid or failed. */
export function AdminPayoutRunSection({ id }: { id: string }) {
  const run = usePayoutRun(id);
  const titleId = useId();
  const retry = useRetry(payoutKeys.run(id));
  const paid = useAskedAction(useMarkPayoutPaid(), (payout: AdminPayout, utr) => ({
    variables: { id: payout.id, utr: utr ?? '' },
    done: t('admin.payouts.markPaidDone', { payout: payoutNumber(payout.number), owner: payout.owner.username }),
  }));
  const failed = useAskedAction(useMarkPayoutFailed(), (payout: AdminPayout, reason) => ({
    variables: { id: payout.id, reason: reason ?? '' },
    done: t('admin.payouts.markFailedDone', { payout: payoutNumber(payout.number), owner: payout.owner.username }),
  }));

  if (run.isPending) return <PageSpinner />;
  if (run.isLoadingError) return <QueryError error={run.error} what={t('admin.payouts.runLoadFailed')} onRetry={retry} />;
  const shown = run.data;
  const number = payoutRunNumber(shown.number);
  const asked = (payout: AdminPayout | null) =>
    payout
      ? { payout: payoutNumber(payout.number), amount: formatPaise(payout.amountPaise), owner: payout.owner.username }
      : { payout: '', amount: '', owner: '' };

  return (
    <section aria-labelledby={titleId} className="mb-4">
      <h2 id={titleId} className="h4">
        {t('admin.payouts.runTitle', { run: number })}
      </h2>
      <p className="text-muted">
        {shown.startedBy
          ? t('admin.payouts.runStartedBy', { when: formatIndiaTime(shown.createdAt), admin: shown.startedBy.username })
          : t('admin.payouts.runWeekly', { when: formatIndiaTime(shown.createdAt) })}{' '}
        {t('admin.payouts.runTotal', { count: shown.payoutCount, total: formatPaise(shown.totalPaise) })}
      </p>
      <BankFileButton run={shown} />
      <ActionNotice {...paid.notice} />
      <ActionNotice {...failed.notice} />
      {shown.payouts.length === 0 ? (
        <p className="text-muted">{t('admin.payouts.runEmpty')}</p>
      ) : (
        <AdminRows
          label={t('admin.payouts.runPayouts', { run: number })}
          rows={shown.payouts}
          columns={columns({ markPaid: paid.ask, markFailed: failed.ask })}
          busy={run.isFetching}
        />
      )}
      <UtrDialog
        show={paid.dialog.show}
        title={t('admin.payouts.markPaidTitle', asked(paid.asking))}
        pending={paid.dialog.pending}
        error={paid.dialog.error}
        onConfirm={paid.dialog.onConfirm}
        onClose={paid.dialog.onClose}
      >
        <p>{t('admin.payouts.markPaidConsequences', asked(paid.asking))}</p>
      </UtrDialog>
      <ReasonDialog
        {...failed.dialog}
        title={t('admin.payouts.markFailedTitle', asked(failed.asking))}
        confirmLabel={t('admin.payouts.markFailed')}
        confirmVariant="danger"
        reason="required"
        reasonHint={t('admin.payouts.markFailedHint', asked(failed.asking))}
      >
        <p>{t('admin.payouts.markFailedConsequences', asked(failed.asking))}</p>
      </ReasonDialog>
    </section>
  );
}
