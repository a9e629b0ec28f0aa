import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

interface SubmitWithStatusProps {
  label: string;
  /** The button's words while the form is being sent. */
  pendingLabel: string;
  pending: boolean;
  /** What the server said once the form went through, announced under the button. */
  done: string | undefined;
}

/** A form's submit button, and the server's sentence once it went through: the forms that stay on screen after success. */
export function SubmitWithStatus({ label, pendingLabel, pending, done }: SubmitWithStatusProps) {
  return (
    <>
      <Button type="submit" variant="primary" className="mb-3" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
      {done ? (
        <Alert variant="success" role="status">
          {done}
        </Alert>
      ) : null}
    </>
  );
}
