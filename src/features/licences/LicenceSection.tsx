import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LicenceForm, type OwnLicence } from '../../domain/schemas/licences';
import { toApiError } from '../../lib/api-client';
import { formWords } from '../../lib/form-words';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { useDeleteLicence, useLicence, useSubmitLicence } from './queries';
import { t } from './words';

/** Where the licence stands, in the words of its state: awaiting review, the admin's reason, or approved until its expiry. */
function LicenceStatus({ licence }: { licence: OwnLicence | null }) {
  if (!licence) return <p role="status">{t('licences.status.none')}</p>;
  if (licence.status === 'pending') {
    return (
      <div role="status">
        <p className="mb-1">{t('licences.status.pending', { number: licence.number })}</p>
        {licence.olderFormat ? <p className="text-body-secondary">{t('licences.status.olderFormat')}</p> : null}
      </div>
    );
  }
  if (licence.status === 'rejected') {
    return (
      <Alert variant="warning" role="status">
        <p className="mb-1">{t('licences.status.rejected', { reason: licence.rejectionReason ?? '' })}</p>
        <p className="mb-0">{t('licences.status.rejectedAgain')}</p>
      </Alert>
    );
  }
  return (
    <>
      <p role="status">{t('licences.status.approved', { number: licence.number, expiresOn: licence.expiresOn })}</p>
      {licence.approvedAtOnce ? <Alert variant="info">{t('licences.demo')}</Alert> : null}
    </>
  );
}

/** The form: number, dates, and a photo of each side, sent together. */
function LicenceUpload({ replacing }: { replacing: boolean }) {
  const submitting = useSubmitLicence();
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    const fields = { number: text('number'), dateOfBirth: text('dateOfBirth'), expiresOn: text('expiresOn') };
    const parsed = LicenceForm.safeParse(fields);
    if (!parsed.success) {
      setProblem(formWords(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    const chosen = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.files?.[0];
    const front = chosen('front');
    const back = chosen('back');
    if (!front || !back) {
      setProblem(t('licences.form.photoMissing'));
      return;
    }
    setProblem(null);
    try {
      await submitting.mutateAsync({ ...fields, front, back });
      form.reset();
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="licence-form-title">
      <h3 id="licence-form-title" className="h5 mt-4">
        {replacing ? t('licences.form.replaceTitle') : t('licences.form.title')}
      </h3>
      <ErrorAlert message={problem} onClose={() => setProblem(null)} />
      <Form.Group className="mb-3" controlId="licence-number">
        <Form.Label>{t('licences.form.number')}</Form.Label>
        <Form.Control name="number" aria-describedby="licence-number-hint" />
        <Form.Text id="licence-number-hint">{t('licences.form.numberHint')}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="licence-date-of-birth">
        <Form.Label>{t('licences.form.dateOfBirth')}</Form.Label>
        <Form.Control name="dateOfBirth" type="date" />
      </Form.Group>
      <Form.Group className="mb-3" controlId="licence-expires-on">
        <Form.Label>{t('licences.form.expiresOn')}</Form.Label>
        <Form.Control name="expiresOn" type="date" />
      </Form.Group>
      <Form.Group className="mb-3" controlId="licence-front">
        <Form.Label>{t('licences.form.front')}</Form.Label>
        <Form.Control name="front" type="file" accept="image/jpeg,image/png,image/webp" aria-describedby="licence-photo-hint" />
      </Form.Group>
      <Form.Group className="mb-3" controlId="licence-back">
        <Form.Label>{t('licences.form.back')}</Form.Label>
        <Form.Control name="back" type="file" accept="image/jpeg,image/png,image/webp" aria-describedby="licence-photo-hint" />
        <Form.Text id="licence-photo-hint">{t('licences.form.photoHint')}</Form.Text>
      </Form.Group>
      <Button type="submit" disabled={submitting.isPending}>
        {submitting.isPending ? t('licences.form.sending') : t('licences.form.send')}
      </Button>
      {submitting.data ? (
        <p role="status" className="mt-2">
          {submitting.data.message}
        </p>
      ) : null}
    </Form>
  );
}

/** The account page's licence section, for renters: its state, and the form to send one or a new one. */
export function LicenceSection() {
  const licence = useLicence();
  const removing = useDeleteLicence();
  if (licence.isPending) return <PageSpinner />;
  if (licence.isLoadingError) {
    return <QueryError error={licence.error} what={t('licences.loadFailed')} onRetry={() => void licence.refetch()} />;
  }
  const current = licence.data.licence;
  return (
    <>
      <p>{t('licences.section.why')}</p>
      <LicenceStatus licence={current} />
      {current ? (
        <Button variant="outline-danger" size="sm" disabled={removing.isPending} onClick={() => removing.mutate()}>
          {removing.isPending ? t('licences.removing') : t('licences.remove')}
        </Button>
      ) : null}
      <LicenceUpload replacing={current !== null} />
    </>
  );
}
