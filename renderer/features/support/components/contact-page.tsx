import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SUPPORT_MESSAGE_MAX, supportMessage } from '../../../../shared/api/support';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorDetail } from '../../../lib/api-client';
import { useSupportContact } from '../api/get-contact';
import { useSendSupportMessage } from '../api/send-message';
import { ErrorFetching } from '../../../components/ui/query-state';

type Values = z.input<typeof supportMessage>;
export const MESSAGE_SENT = 'Your message has been sent. We will get back to you soon.';

/** /support/contact: the provider's contact details and a message form to its support address. */
export function ContactPage({ instituteId }: { instituteId: number | null }) {
  const contact = useSupportContact();
  const send = useSendSupportMessage();
  const { enqueueSnackbar } = useSnackbar();
  const [sent, setSent] = useState(false);
  const { control, handleSubmit, reset } = useForm<Values>({
    resolver: zodResolver(supportMessage),
    defaultValues: { subject: '', message: '' },
  });
  const message = useWatch({ control, name: 'message' }) ?? '';

  const submit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ ...values, ...(instituteId ? { institute: instituteId } : {}) });
      enqueueSnackbar(MESSAGE_SENT, { variant: 'success' });
      setSent(true);
      reset();
    } catch (error) {
      enqueueSnackbar(errorDetail(error) ?? 'Unable to send your message.', { variant: 'error' });
    }
  });

  return (
    <Stack spacing={3}>
      <Typography variant="h1">Contact Us</Typography>
      <Paper component="section" aria-label="Contact details" sx={{ p: 3 }}>
        <Typography variant="h2" gutterBottom>
          Contact details
        </Typography>
        {contact.isError && <ErrorFetching error={contact.error} />}
        {contact.data && (
          <Stack spacing={1}>
            <Typography>
              E-mail: <Link href={`mailto:${contact.data.email}`}>{contact.data.email}</Link>
            </Typography>
            {contact.data.phone && (
              <Typography>
                Phone: <Link href={`tel:${contact.data.phone}`}>{contact.data.phone}</Link>
              </Typography>
            )}
            {contact.data.address && (
              <Typography sx={{ whiteSpace: 'pre-line' }}>
                Address: {contact.data.address}
              </Typography>
            )}
          </Stack>
        )}
      </Paper>
      <Paper component="section" aria-label="Send us a message" sx={{ p: 3 }}>
        <Typography variant="h2" gutterBottom>
          Send us a message
        </Typography>
        {sent && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSent(false)}>
            {MESSAGE_SENT}
          </Alert>
        )}
        <form noValidate onSubmit={submit}>
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <FormTextField control={control} name="subject" label="Subject" required />
            <FormTextField
              control={control}
              name="message"
              label="Message"
              required
              multiline
              minRows={5}
              helperText={`${message.length}/${SUPPORT_MESSAGE_MAX}`}
            />
            <Stack direction="row">
              <Button type="submit" variant="contained" loading={send.isPending}>
                Send Message
              </Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
