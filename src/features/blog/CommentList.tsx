import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation } from 'react-router-dom';
import { postReply } from './api';
import { toApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { paths } from '../../config/paths';
import type { Comment, Reply } from '../../domain/contract';
import { COMMENT_MAX } from '../../domain/limits';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatIndiaTime } from '../../components/format-india-time';

/** One comment or reply; its text is rendered as text, so markup someone typed shows as typed and never runs. */
function CommentBody({ entry }: { entry: Pick<Reply, 'author' | 'date' | 'content'> }) {
  return (
    <>
      <p className="mb-1">
        <strong className="text-navy">{entry.author}</strong>{' '}
        <time className="small text-muted" dateTime={entry.date}>
          {formatIndiaTime(entry.date)}
        </time>
      </p>
      <p className="mb-2 text-break-anywhere" style={{ whiteSpace: 'pre-line' }}>
        {entry.content}
      </p>
    </>
  );
}

interface ReplyFormProps {
  comment: Comment;
  onReplied: (reply: Reply) => void;
  onCancel: () => void;
}

/** The inline reply form under a comment (in place of the spec's browser prompt). */
function ReplyForm({ comment, onReplied, onCancel }: ReplyFormProps) {
  const { user } = useSession();
  const location = useLocation();
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = `reply-${comment.id}`;

  if (!user) {
    return (
      <p className="small mb-2">
        You must sign-in to reply.{' '}
        <Link to={paths.login} state={{ from: location }}>
          Sign in
        </Link>
      </p>
    );
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      onReplied(await postReply(comment.id, { content }));
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form onSubmit={(event) => void handleSubmit(event)} className="mb-3" aria-label={`Reply to ${comment.author}`}>
      <ErrorAlert message={error} onClose={() => setError(null)} />
      <Form.Label htmlFor={fieldId}>Your reply to {comment.author}</Form.Label>
      <Form.Control
        id={fieldId}
        as="textarea"
        rows={3}
        value={content}
        maxLength={COMMENT_MAX}
        required
        autoFocus
        onChange={(event) => setContent(event.target.value)}
      />
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? 'Posting…' : 'Post Reply'}
        </Button>
        <Button type="button" size="sm" variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

interface CommentListProps {
  comments: Comment[];
  onReplied: (commentId: string, reply: Reply) => void;
}

/** The comments of a post, each with its replies and a Reply action that opens a form in place. */
export function CommentList({ comments, onReplied }: CommentListProps) {
  const [replyingTo, setReplyingTo] = useState<string | null>(null);

  if (comments.length === 0) {
    return <p className="text-muted">No comments yet. Be the first to leave one below.</p>;
  }

  return (
    <ol className="list-unstyled mb-0">
      {comments.map((comment) => (
        <li key={comment.id} className="border-bottom py-3">
          <CommentBody entry={comment} />
          {comment.replies.length > 0 ? (
            <ol className="list-unstyled ms-3 ms-md-4 ps-3 border-start" aria-label={`Replies to ${comment.author}`}>
              {comment.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentBody entry={reply} />
                </li>
              ))}
            </ol>
          ) : null}
          {replyingTo === comment.id ? (
            <ReplyForm
              comment={comment}
              onCancel={() => setReplyingTo(null)}
              onReplied={(reply) => {
                onReplied(comment.id, reply);
                setReplyingTo(null);
              }}
            />
          ) : (
            <Button variant="link" className="px-0" onClick={() => setReplyingTo(comment.id)}>
              Reply<span className="visually-hidden"> to {comment.author}</span>
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
}
