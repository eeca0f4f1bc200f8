import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { CommentDto } from '../../../../shared/api/comments';
import { errorDetail } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useUser } from '../../auth';
import { useCanEdit } from '../../../lib/permissions';
import { useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/get-comments';
import type { CommentThread } from '../api/keys';
import { useUpdateComment } from '../api/update-comment';
import { CommentForm } from './comment-form';
import { ErrorFetching } from '../../../components/ui/query-state';

/** Says why a comment call failed, then fails on so the form keeps its text. */
function toastFailure(enqueue: ReturnType<typeof useSnackbar>['enqueueSnackbar'], error: unknown) {
  enqueue(errorDetail(error) ?? 'Unable to save the comment.', { variant: 'error' });
  throw error;
}

function CommentItem({
  thread,
  comment,
  mine,
}: {
  thread: CommentThread;
  comment: CommentDto;
  mine: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateComment(thread);
  const remove = useDeleteComment(thread);
  const { enqueueSnackbar } = useSnackbar();

  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{comment.commenter_name}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
          {formatDateTime(comment.created_date)}
          {comment.edited_date && ' (edited)'}
        </Typography>
        {mine && !editing && (
          <>
            <IconButton size="small" aria-label="Edit comment" onClick={() => setEditing(true)}>
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label="Delete comment"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutateAsync(comment.id).then(
                  () => enqueueSnackbar('Comment deleted', { variant: 'success' }),
                  (error: unknown) =>
                    enqueueSnackbar(errorDetail(error) ?? 'Unable to delete the comment.', {
                      variant: 'error',
                    }),
                )
              }
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </>
        )}
      </Stack>
      {editing ? (
        <CommentForm
          label="Edit comment"
          submitText="Save"
          initial={comment.comment}
          onCancel={() => setEditing(false)}
          onSubmit={(body) =>
            update.mutateAsync({ id: comment.id, body }).then(
              () => {
                enqueueSnackbar('Comment saved', { variant: 'success' });
                setEditing(false);
              },
              (error: unknown) => toastFailure(enqueueSnackbar, error),
            )
          }
        />
      ) : (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.comment}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The conversation on a record or a validation: everyone reads it, members and above add to it,
 * and only a comment's author edits or deletes it.
 */
export function Comments(thread: CommentThread) {
  const comments = useComments(thread);
  const create = useCreateComment(thread);
  const { data: user } = useUser();
  const editable = useCanEdit();
  const { enqueueSnackbar } = useSnackbar();
  const about = `${thread.resource}:${thread.id}`;

  return (
    <Box component="section" aria-label="Comments">
      <Typography variant="h3" gutterBottom>
        Comments
      </Typography>
      {comments.isLoading && <Typography color="text.secondary">Retrieving Data...</Typography>}
      {comments.isError && <ErrorFetching error={comments.error} />}
      {comments.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No comments yet.
        </Typography>
      )}
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {comments.data?.map((c) => (
          <CommentItem
            key={c.id}
            thread={thread}
            comment={c}
            mine={editable && c.commenter !== null && c.commenter === user?.id}
          />
        ))}
      </Box>
      {editable && (
        <CommentForm
          // A fresh form for each record: one record's draft never posts on the next.
          key={about}
          draftOf={about}
          label="Add a comment"
          submitText="Comment"
          onSubmit={(body) =>
            create.mutateAsync(body).then(
              () => enqueueSnackbar('Comment saved', { variant: 'success' }),
              (error: unknown) => toastFailure(enqueueSnackbar, error),
            )
          }
        />
      )}
    </Box>
  );
}
