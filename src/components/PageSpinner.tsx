import Spinner from 'react-bootstrap/Spinner';

/** Shown while a screen or its data loads, so nobody faces a blank page. */
export function PageSpinner() {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" style={{ minHeight: '40vh' }}>
      <Spinner animation="border" variant="primary" role="status">
        <span className="visually-hidden">Loading…</span>
      </Spinner>
    </div>
  );
}
