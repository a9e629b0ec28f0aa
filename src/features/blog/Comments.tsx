import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation } from 'react-router-dom';
import { blogKeys } from '../../entities/blog/keys';
import { useComments, useDeleteComment, usePostReply } from './queries';
import { toApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { paths } from '../../config/paths';
import type { Account, Comment, Reply } from '../../domain/contract';
import { DELETED_CONTENT } from '../../domain/replaced-text';
import { COMMENT_MAX } from '../../domain/limits';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import { QueryError } from '../../components/QueryError';
import { useRetry } from '../../lib/query-client';
import { formatIndiaTime } from '../../domain/india-time';
import { t, Words } from './post-words';

/** One comment or reply; its text is rendered as text, so markup someone typed shows as typed and never runs. */
function CommentBody({ entry }: { entry: Reply }) {
  return (
    <>
      <p className="mb-1">
        <strong className="text-navy">{entry.author}</strong>{' '}
        <time className="small text-muted" dateTime={entry.date}>
          {formatIndiaTime(entry.date)}
        </time>
      </p>
      <p
        className={`mb-2 text-break-anywhere${entry.deleted ? ' fst-italic text-muted' : ''}`}
        style={{ whiteSpace: 'pre-line' }}
      >
        {entry.content}
      </p>
    </>
  );
}

/**
 * Usernames are unique and a comment carries its account's, so the session's username tells its
 * author. An admin removes someone else's from the console, where the reason is recorded. The
 * server decides again by account.
 */
function mayDelete(user: Account | null, entry: Reply): boolean {
  return user !== null && !entry.deleted && user.username === entry.author;
}

/**
 * Fetched only for a reader who may delete an entry: most of a post's readers never need it (the
 * dialog's modal parts weigh about 2 KB, which every reader would otherwise download).
 */
const ConfirmDialog = lazy(async () => ({ default: (await import('../../components/ConfirmDialog')).ConfirmDialog }));

/**
 * Delete under a comment or reply its reader may delete, asking first in a dialog that quotes it;
 * the outcome shows beside the entry, which then reads "[deleted]".
 */
function DeleteEntry({ entry, what }: { entry: Reply; what: 'comment' | 'reply' }) {
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const deleting = useDeleteComment(entry.id);
  const close = () => setConfirming(false);

  return (
    <>
      <ErrorAlert message={deleting.error ? toApiError(deleting.error).message : null} onClose={deleting.reset} />
      {deleting.isSuccess ? (
        <p role="status" className="small text-muted">
          {t('blog.comments.deleted', { what })}
        </p>
      ) : null}
      {mayDelete(user, entry) ? (
        <Button variant="link" className="px-0 me-4 text-danger" onClick={() => setConfirming(true)}>
          <Words
            id="blog.comments.delete"
            values={{ what, author: entry.author }}
            components={{ 0: <span className="visually-hidden" /> }}
          />
        </Button>
      ) : null}
      {/* Kept once the entry is deleted, so the dialog still closes as it opened. */}
      {mayDelete(user, entry) || deleting.isSuccess ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            show={confirming}
            title={t('blog.comments.confirmTitle', { what })}
            confirmLabel={t('blog.comments.confirmLabel', { what })}
            pending={deleting.isPending}
            onConfirm={() => deleting.mutate(undefined, { onSettled: close })}
            onClose={close}
          >
            <blockquote className="border-start ps-3 text-break-anywhere" style={{ whiteSpace: 'pre-line' }}>
              {entry.content}
            </blockquote>
            <p className="mb-0">{t('blog.comments.confirmText', { deleted: DELETED_CONTENT, what })}</p>
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </>
  );
}

interface ReplyFormProps {
  comment: Comment;
  /** Called once the reply is posted and the comments are loaded again with it. */
  onReplied: () => void;
  onCancel: () => void;
}

// The replies' schema (and zod with it) loads with the first reply form opened, not with the post.
const replyChecks = () => import('../../domain/schemas/comments').then((schemas) => schemas.NewReply);

/** The inline reply form under a comment (in place of the spec's browser prompt). */
function ReplyForm({ comment, onReplied, onCancel }: ReplyFormProps) {
  const { user } = useSession();
  const location = useLocation();
  const replying = usePostReply(comment.id);

  if (!user) {
    return (
      <p className="small mb-2">
        <Words id="blog.reply.signIn" components={{ 0: <Link to={paths.login} state={{ from: location }} /> }} />
      </p>
    );
  }

  return (
    <ZodForm
      schema={replyChecks}
      defaultValues={{ content: '' }}
      onSubmit={async (values) => {
        await replying.mutateAsync(values);
        onReplied();
      }}
      className="mb-3"
      aria-label={t('blog.reply.formLabel', { author: comment.author })}
    >
      {(form) => (
        <>
          <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
          <FormField
            label={t('blog.reply.fieldLabel', { author: comment.author })}
            lead={<p className="small text-muted mb-1">{t('blog.commentingAs', { username: user.username })}</p>}
            name="content"
            multiline
            rows={3}
            maxLength={COMMENT_MAX}
            required
            autoFocus
            showRemaining
          />
          <div className="d-flex gap-2">
            <Button type="submit" size="sm" disabled={form.sending}>
              {t(form.sending ? 'blog.posting' : 'blog.reply.submit')}
            </Button>
            <Button type="button" size="sm" variant="link" onClick={onCancel}>
              {t('blog.reply.cancel')}
            </Button>
          </div>
        </>
      )}
    </ZodForm>
  );
}

/** The comments of a post, each with its replies and a Reply action that opens a form in place. */
function CommentList({ comments }: { comments: Comment[] }) {
  const [replyingTo, setReplyingTo] = useState<string | null>(null);

  if (comments.length === 0) {
    return <p className="text-muted">{t('blog.comments.none')}</p>;
  }

  return (
    <ol className="list-unstyled mb-0">
      {comments.map((comment) => (
        <li key={comment.id} className="border-bottom py-3">
          <CommentBody entry={comment} />
          <DeleteEntry entry={comment} what="comment" />
          {comment.replies.length > 0 ? (
            <ol
              className="list-unstyled ms-3 ms-md-4 ps-3 border-start"
              aria-label={t('blog.comments.repliesTo', { author: comment.author })}
            >
              {comment.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentBody entry={reply} />
                  <DeleteEntry entry={reply} what="reply" />
                </li>
              ))}
            </ol>
          ) : null}
          {comment.deleted ? null : replyingTo === comment.id ? (
            <ReplyForm comment={comment} onCancel={() => setReplyingTo(null)} onReplied={() => setReplyingTo(null)} />
          ) : (
            <Button variant="link" className="px-0" onClick={() => setReplyingTo(comment.id)}>
              <Words
                id="blog.comments.reply"
                values={{ author: comment.author }}
                components={{ 0: <span className="visually-hidden" /> }}
              />
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
}

const HEADING_ID = 'comments';

/** The post's comments section: its heading, then the comments once loaded, or why they could not be. */
export function Comments({ post }: { post: string }) {
  const comments = useComments(post);
  const retry = useRetry(blogKeys.comments(post));
  return (
    <section aria-labelledby={HEADING_ID} className="mt-5">
      <h2 id={HEADING_ID} className="h4">
        {t('blog.comments.heading')}
      </h2>
      {comments.isPending ? (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">{t('blog.comments.loading')}</span>
        </Spinner>
      ) : null}
      {comments.isError ? <QueryError error={comments.error} what={t('blog.comments.loadFailed')} onRetry={retry} /> : null}
      {comments.data ? <CommentList comments={comments.data} /> : null}
    </section>
  );
}
