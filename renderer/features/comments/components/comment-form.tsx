import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { commentBody, type CommentBody } from '../../../../shared/api/comments';
import { FormTextField } from '../../../components/ui/form-text-field';

interface Props {
  label: string;
  submitText: string;
  initial?: string;
  /** Resolves when saved (the form then empties); rejects on failure, having said why. */
  onSubmit: (body: CommentBody) => Promise<unknown>;
  onCancel?: () => void;
  /**
   * Whose draft this is ('records:12'): text typed but not posted stays with it while the user
   * looks at other records, and never shows under another one (issue 44).
   */
  draftOf?: string;
}

/** Unposted comments by what they are about, for this window's life. */
const drafts = new Map<string, string>();

/** A comment's text; Shift+Enter submits, Enter alone starts a new line. */
export function CommentForm({
  label,
  submitText,
  initial = '',
  onSubmit,
  onCancel,
  draftOf,
}: Props) {
  const { control, handleSubmit, reset, formState, watch } = useForm<CommentBody>({
    resolver: zodResolver(commentBody),
    defaultValues: { comment: (draftOf && drafts.get(draftOf)) || initial },
  });
  useEffect(() => {
    if (!draftOf) return undefined;
    const watching = watch(({ comment }) => {
      if (comment) drafts.set(draftOf, comment);
      else drafts.delete(draftOf);
    });
    return () => watching.unsubscribe();
  }, [draftOf, watch]);
  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
      reset({ comment: '' });
      if (draftOf) drafts.delete(draftOf);
    } catch {
      // The text stays for another try; onSubmit has told the user what went wrong.
    }
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };
  return (
    <form noValidate onSubmit={submit}>
      <FormTextField
        control={control}
        name="comment"
        label={label}
        multiline
        minRows={2}
        maxRows={8}
        margin="dense"
        size="small"
        onKeyDown={onKeyDown}
        helperText="Shift+Enter to submit"
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button size="small" type="submit" variant="contained" loading={formState.isSubmitting}>
          {submitText}
        </Button>
      </Stack>
    </form>
  );
}
