import Button from 'react-bootstrap/Button';
import { Link, useLocation } from 'react-router-dom';
import { usePostComment } from './queries';
import { toApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { paths } from '../../config/paths';
import { COMMENT_MAX } from '../../domain/limits';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import { t } from './post-words';

/** The form's heading, which names it. */
const HEADING_ID = 'leave-comment';

// The comments' schema (and zod with it) loads once someone starts writing, not with the post.
const commentChecks = () => import('../../domain/schemas/comments').then((schemas) => schemas.NewComment);

const EMPTY = { content: '' };

/**
 * "Leave a Comment" under the post whose slug is `post`. Signed in, it names the account the
 * comment goes out under, as the server posts it under that username. Signed out, there is nothing
 * to fill in: only a way to sign in that comes back to the post.
 */
export function CommentForm({ post }: { post: string }) {
  const { user } = useSession();
  const location = useLocation();
  const posting = usePostComment();

  const heading = (
    <h2 id={HEADING_ID} className="h4 mb-2">
      {t('blog.commentForm.heading')}
    </h2>
  );

  if (!user) {
    return (
      <section aria-labelledby={HEADING_ID}>
        {heading}
        <p>
          <Link to={paths.login} state={{ from: location }}>
            {t('blog.commentForm.signIn')}
          </Link>
        </p>
      </section>
    );
  }

  return (
    <ZodForm
      schema={commentChecks}
      defaultValues={EMPTY}
      bodyOf={({ content }) => ({ content, post })}
      loadOn="intent"
      onSubmit={async ({ content }, { reset }) => {
        await posting.mutateAsync({ content, post });
        reset(EMPTY);
      }}
      aria-labelledby={HEADING_ID}
    >
      {(form) => (
        <>
          {heading}
          <p className="small text-muted">{t('blog.commentingAs', { username: user.username })}</p>
          <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
          <FormField
            label={t('blog.commentForm.comment')}
            name="content"
            multiline
            rows={5}
            maxLength={COMMENT_MAX}
            required
            showRemaining
          />
          <Button type="submit" disabled={form.sending}>
            {t(form.sending ? 'blog.posting' : 'blog.commentForm.submit')}
          </Button>
        </>
      )}
    </ZodForm>
  );
}
