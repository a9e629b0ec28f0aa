import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useLocation } from 'react-router-dom';
import { usePostComment } from './queries';
import { toApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { paths } from '../../config/paths';
import { COMMENT_MAX, EMAIL_MAX, USERNAME_MAX } from '../../domain/limits';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';

/**
 * "Leave a Comment" under the post whose slug is `post`. Signed in, it names the account the
 * comment goes out under, as the server posts it under that username whatever a form says. Signed
 * out, it shows the spec's name and email fields (neither is ever sent), says that signing in comes
 * first and sends nothing.
 */
export function CommentForm({ post }: { post: string }) {
  const { user } = useSession();
  const location = useLocation();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const draftKey = `comment-draft:${post}`;
  // The draft outlives the detour through sign-in, which unmounts this form. It is read once the form is
  // on screen: the post's prerendered page has no draft, and the first render must match it.
  const [content, setContentState] = useState('');
  useEffect(() => {
    const draft = sessionStorage.getItem(draftKey);
    if (draft) setContentState(draft);
  }, [draftKey]);
  const setContent = (text: string) => {
    setContentState(text);
    if (text) sessionStorage.setItem(draftKey, text);
    else sessionStorage.removeItem(draftKey);
  };
  const posting = usePostComment();
  const [askedToSignIn, setAskedToSignIn] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) {
      setAskedToSignIn(true);
      return;
    }
    posting.mutate({ content, post }, { onSuccess: () => setContent('') });
  };

  const signInLink = (
    <Link to={paths.login} state={{ from: location }}>
      Sign in
    </Link>
  );

  return (
    <Form onSubmit={handleSubmit} aria-labelledby="leave-comment">
      <h2 id="leave-comment" className="h4 mb-2">
        Leave a Comment
      </h2>
      {user ? (
        <p className="small text-muted">Commenting as {user.username}</p>
      ) : (
        <>
          <p className="small text-muted">You must sign in to make or comment a post. {signInLink}</p>
          {askedToSignIn ? (
            <Alert variant="warning" role="alert">
              Your comment was not sent: please {signInLink} first. What you typed stays here.
            </Alert>
          ) : null}
          <Row xs={1} md={2} className="g-md-3">
            <Col>
              <FormField
                label="Full name"
                name="fullName"
                value={fullName}
                onChange={setFullName}
                maxLength={USERNAME_MAX}
                autoComplete="name"
              />
            </Col>
            <Col>
              <FormField
                label="Email"
                name="email"
                type="email"
                value={email}
                onChange={setEmail}
                maxLength={EMAIL_MAX}
                autoComplete="email"
              />
            </Col>
          </Row>
        </>
      )}
      <ErrorAlert message={posting.error ? toApiError(posting.error).message : null} onClose={posting.reset} />
      <FormField
        label="Comment"
        name="comment"
        multiline
        rows={5}
        value={content}
        onChange={setContent}
        maxLength={COMMENT_MAX}
        required
      />
      <Button type="submit" disabled={posting.isPending}>
        {posting.isPending ? 'Posting…' : 'Post a Comment'}
      </Button>
    </Form>
  );
}
