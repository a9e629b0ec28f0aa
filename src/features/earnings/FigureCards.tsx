import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { OwnerEarnings } from '../../domain/contract';
import { formatPaise } from '../../domain/money';
import { dayInWords } from './format';
import { t } from './words';

function Figure({ label, value, text, tone }: { label: string; value: string; text: string; tone?: 'owed' }) {
  return (
    <Col>
      <Card className={`h-100${tone === 'owed' ? ' border-danger' : ''}`}>
        <Card.Body>
          <Card.Title as="h3" className="h6 text-muted mb-1">
            {label}
          </Card.Title>
          <p className={`fs-4 fw-semibold mb-1 price${tone === 'owed' ? ' text-danger' : ''}`}>{value}</p>
          <Card.Text className="small mb-0">{text}</Card.Text>
        </Card.Body>
      </Card>
    </Col>
  );
}

/** The four figures an owner looks for first: pending, available (or owed), paid this financial year, and the next payout. */
export function FigureCards({ earnings }: { earnings: OwnerEarnings }) {
  const { pendingPaise, availablePaise, paidThisYearPaise, financialYear, nextPayout } = earnings;
  const owes = availablePaise < 0;
  const day = dayInWords(nextPayout.date);
  return (
    <section aria-labelledby="earnings-figures" className="mb-4">
      <h2 id="earnings-figures" className="visually-hidden">
        {t('earnings.figures.label')}
      </h2>
      <Row xs={1} sm={2} lg={4} className="g-3">
        <Figure
          label={t('earnings.figures.pending')}
          value={formatPaise(pendingPaise)}
          text={t('earnings.figures.pendingText')}
        />
        {owes ? (
          <Figure
            label={t('earnings.figures.owed')}
            value={formatPaise(-availablePaise)}
            text={t('earnings.figures.owedText')}
            tone="owed"
          />
        ) : (
          <Figure
            label={t('earnings.figures.available')}
            value={formatPaise(availablePaise)}
            text={t('earnings.figures.availableText')}
          />
        )}
        <Figure
          label={t('earnings.figures.paidThisYear', { year: financialYear })}
          value={formatPaise(paidThisYearPaise)}
          text={t('earnings.figures.paidThisYearText')}
        />
        <Figure
          label={t('earnings.figures.nextPayout')}
          value={formatPaise(nextPayout.amountPaise)}
          text={
            nextPayout.amountPaise > 0
              ? t('earnings.figures.nextPayoutOn', { date: day })
              : t('earnings.figures.nextPayoutNothing', { date: day, minimum: formatPaise(nextPayout.minPayoutPaise) })
          }
        />
      </Row>
    </section>
  );
}
