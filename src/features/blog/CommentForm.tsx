import { type ChangeEvent, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useLocation } from 'react-router-dom';
import { usePostComment } from './queries';
import { toApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { paths } from '../../config/paths';
import { COMMENT_MAX, EMAIL_MAX, USERNAME_MAX } from '../../domain/limits';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import { t, Words } from './post-words';

/** The form's heading, which names it. */
const HEADING_ID = 'leave-comment';

// The comments' schema (and zod with it) loads once someone starts writing, not with the post.
const commentChecks = () => import('../../domain/schemas/comments').then((schemas) => schemas.NewComment);

/** The form's fields: the comment, and the spec's name and email that a signed-out visitor sees (neither is ever sent). */
interface CommentFields {
  content: string;
  fullName: string;
  email: string;
}

/**
 * "Leave a Comment" under the post whose slug is `post`. Signed in, it names the account the
 * comment goes out under, as the server posts it under that username whatever a form says. Signed
 * out, it shows the spec's name and email fields (neither is ever sent), says that signing in comes
 * first and sends nothing.
 */
export function CommentForm({ post }: { post: string }) {
  const { user } = useSession();
  const location = useLocation();
  const draftKey = `comment-draft:${post}`;
  // The draft outlives the detour through sign-in, which unmounts this form. It is read once the form is
  // on screen: the post's prerendered page has no draft, and the first render must match it.
  const [draft, setDraft] = useState('');
  useEffect(() => {
    const saved = sessionStorage.getItem(draftKey);
    if (saved) setDraft(saved);
  }, [draftKey]);
  const keepDraft = (event: ChangeEvent<{ value: string }>) => {
    const text = event.target.value;
    if (text) sessionStorage.setItem(draftKey, text);
    else sessionStorage.removeItem(draftKey);
  };
  const posting = usePostComment();
  const [askedToSignIn, setAskedToSignIn] = useState(false);
  const empty: CommentFields = { content: '', fullName: '', email: '' };

  // The link's words are the message's own (<0>…</0>).
  const signInLink = <Link to={paths.login} state={{ from: location }} />;

  return (
    <ZodForm
      schema={commentChecks}
      defaultValues={{ ...empty, content: draft }}
      bodyOf={({ content }) => ({ content, post })}
      loadOn="intent"
      onSubmit={async ({ content }, { reset }) => {
        if (!user) {
          setAskedToSignIn(true);
          return;
        }
        await posting.mutateAsync({ content, post });
        sessionStorage.removeItem(draftKey);
        reset(empty);
      }}
      aria-labelledby={HEADING_ID}
    >
      {(form) => (
        <>
          <h2 id={HEADING_ID} className="h4 mb-2">
            {t('blog.commentForm.heading')}
          </h2>
          {user ? (
            <p className="small text-muted">{t('blog.commentingAs', { username: user.username })}</p>
          ) : (
            <>
              <p className="small text-muted">
                <Words id="blog.commentForm.signIn" components={{ 0: signInLink }} />
              </p>
              {askedToSignIn ? (
                <Alert variant="warning" role="alert">
                  <Words id="blog.commentForm.notSent" components={{ 0: signInLink }} />
                </Alert>
              ) : null}
              <Row xs={1} md={2} className="g-md-3">
                <Col>
                  <FormField
                    label={t('blog.commentForm.fullName')}
                    name="fullName"
                    maxLength={USERNAME_MAX}
                    autoComplete="name"
                  />
                </Col>
                <Col>
                  <FormField
                    label={t('blog.commentForm.email')}
                    name="email"
                    type="email"
                    maxLength={EMAIL_MAX}
                    autoComplete="email"
                  />
                </Col>
              </Row>
            </>
          )}
          <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
          <FormField
            label={t('blog.commentForm.comment')}
            name="content"
            multiline
            rows={5}
            maxLength={COMMENT_MAX}
            required
            onChange={keepDraft}
          />
          <Button type="submit" disabled={form.sending}>
            {t(form.sending ? 'blog.posting' : 'blog.commentForm.submit')}
          </Button>
        </>
      )}
    </ZodForm>
  );
}
