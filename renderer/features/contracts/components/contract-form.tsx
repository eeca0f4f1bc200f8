import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { isHttpError } from '../../../lib/http-client';
import { useSnackbar } from 'notistack';
import { useId, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  CONTRACT_MESSAGES,
  CONTRACT_NOTES_MAX,
  CONTRACT_STATUSES,
  PDF_MAGIC,
  type ContractDto,
} from '../../../../shared/api/contracts';
import { FormTextField } from '../../../components/ui/form-text-field';
import { withDetail } from '../../../lib/api-client';
import { firstFieldError } from '../../../lib/form-errors';
import { zonedToday } from '../../../lib/time-zone';
import { useInstitutes } from '../../institutes';
import { useCreateContract } from '../api/create-contract';
import { useDeleteContract } from '../api/delete-contract';
import { useUpdateContract } from '../api/update-contract';
import { useUploadContractFiles } from '../api/upload-contract-files';
import { contractStatusWord } from './contract-status-chip';

const contractForm = z
  .object({
    institute: z.string().min(1, CONTRACT_MESSAGES.organizationRequired),
    title: z.string().trim().min(1, CONTRACT_MESSAGES.titleRequired).max(255, 'Title is too long.'),
    start_date: z.string().min(1, CONTRACT_MESSAGES.startRequired),
    open_contract: z.boolean(),
    end_date: z.string(),
    status: z.enum(CONTRACT_STATUSES),
    notes: z.string().max(CONTRACT_NOTES_MAX, CONTRACT_MESSAGES.notesTooLong),
    /** Not in the future: checked on submit against the organization's today. */
    customer_since: z.string(),
  })
  .refine((v) => v.open_contract || v.end_date !== '', {
    message: CONTRACT_MESSAGES.endRequired,
    path: ['end_date'],
    when: () => true,
  })
  .refine((v) => v.open_contract || !v.start_date || !v.end_date || v.end_date >= v.start_date, {
    message: CONTRACT_MESSAGES.endBeforeStart,
    path: ['end_date'],
    when: () => true,
  });
type Values = z.infer<typeof contractForm>;
type Field = keyof Values;

const isPdf = (file: File) =>
  file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** The first file whose bytes do not start as a PDF's do, whatever its name says. */
async function firstNonPdf(files: File[]): Promise<File | undefined> {
  for (const file of files) {
    const head = new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
    if (String.fromCharCode(...head) !== PDF_MAGIC) return file;
  }
  return undefined;
}

const is4xx = (error: unknown) =>
  isHttpError(error) && (error.response?.status ?? 0) >= 400 && (error.response?.status ?? 0) < 500;

/**
 * The contract form of /contracts/add ('Create New Contract') and /contracts/{id}/edit ('Update
 * Contract'; the organization cannot change). PDF files picked here go up after the save; a new
 * contract and its files are saved together or not at all.
 */
export function ContractForm({ contract }: { contract?: ContractDto }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const institutes = useInstitutes(false);
  const create = useCreateContract();
  const update = useUpdateContract();
  const upload = useUploadContractFiles();
  const remove = useDeleteContract();
  const fileInputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue } = useForm<Values>({
    resolver: zodResolver(contractForm),
    defaultValues: {
      institute: contract ? String(contract.institute) : '',
      title: contract?.title ?? '',
      start_date: contract?.start_date ?? '',
      open_contract: contract ? contract.end_date === null : false,
      end_date: contract?.end_date ?? '',
      status: contract?.status ?? 'draft',
      notes: contract?.notes ?? '',
      customer_since: contract?.customer_since ?? '',
    },
  });
  const [openContract, notes, instituteId] = useWatch({
    control,
    name: ['open_contract', 'notes', 'institute'],
  });
  // Customer Since may be today in the organization's calendar, not later.
  const today = zonedToday(
    institutes.data?.items.find((i) => String(i.id) === instituteId)?.timezone,
  );
  const saving = create.isPending || update.isPending || upload.isPending || remove.isPending;

  const pickFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const pdfs = picked.filter(isPdf);
    setFileError(pdfs.length < picked.length ? CONTRACT_MESSAGES.pdfOnly : null);
    setFiles((current) => [...current, ...pdfs]);
  };

  const showFieldError = (error: unknown) => {
    const field = firstFieldError(error);
    if (field && field.field in contractForm.shape)
      setError(field.field as Field, { message: field.message });
    else if (field) setFileError(field.message);
  };
  /** A refusal, one toast: the spec's words and the reason (a field's or the server's). */
  const refuse = (message: string, error: unknown) => {
    showFieldError(error);
    const reason = firstFieldError(error)?.message;
    enqueueSnackbar(reason ? `${message}: ${reason}` : withDetail(message, error), {
      variant: 'error',
    });
  };

  const submit = handleSubmit(async (values) => {
    if (values.customer_since && values.customer_since > today) {
      setError('customer_since', { message: CONTRACT_MESSAGES.customerSinceFuture });
      return;
    }
    const failed = contract ? CONTRACT_MESSAGES.updateFailed : CONTRACT_MESSAGES.createFailed;
    // The files are checked before anything is saved, so a refused file leaves no contract
    // behind without it (the server checks the same bytes again).
    const notPdf = await firstNonPdf(files);
    if (notPdf) {
      const message = `${CONTRACT_MESSAGES.pdfOnly} (${notPdf.name})`;
      setFileError(message);
      enqueueSnackbar(`${failed}: ${message}`, { variant: 'error' });
      return;
    }
    const body = {
      title: values.title,
      start_date: values.start_date,
      end_date: values.open_contract ? null : values.end_date,
      status: values.status,
      notes: values.notes || null,
      customer_since: values.customer_since || null,
    };
    if (contract) {
      try {
        await update.mutateAsync({ id: contract.id, body });
      } catch (error) {
        if (is4xx(error)) refuse(failed, error);
        return;
      }
      if (files.length > 0) {
        try {
          await upload.mutateAsync({ id: contract.id, files });
          setFiles([]);
        } catch (error) {
          refuse(CONTRACT_MESSAGES.uploadFailed, error);
          return;
        }
      }
      enqueueSnackbar(CONTRACT_MESSAGES.updated, { variant: 'success' });
      return;
    }
    let created: ContractDto;
    try {
      created = await create.mutateAsync({ ...body, institute: Number(values.institute) });
    } catch (error) {
      if (is4xx(error)) refuse(failed, error);
      return;
    }
    if (files.length > 0) {
      try {
        await upload.mutateAsync({ id: created.id, files });
      } catch (error) {
        // All or none: a contract whose files were refused is taken back, the form stays.
        await remove.mutateAsync(created.id).catch(() => undefined);
        refuse(failed, error);
        return;
      }
      setFiles([]);
    }
    enqueueSnackbar(CONTRACT_MESSAGES.created, { variant: 'success' });
    navigate(`/contracts/${created.id}/edit`, { replace: true });
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={contract ? 'Update Contract' : 'Create New Contract'}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField
            control={control}
            name="institute"
            label="Organization"
            select
            required
            fullWidth
            disabled={contract !== undefined}
          >
            {(institutes.data?.items ?? []).map((i) => (
              <MenuItem key={i.id} value={String(i.id)}>
                {i.name}
              </MenuItem>
            ))}
            {contract && !institutes.data && (
              <MenuItem value={String(contract.institute)}>{contract.institute_name}</MenuItem>
            )}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="title" label="Title" required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormTextField
            control={control}
            name="start_date"
            label="Start Date"
            type="date"
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormTextField
            control={control}
            name="end_date"
            label="End Date"
            type="date"
            required={!openContract}
            disabled={openContract}
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Controller
            control={control}
            name="open_contract"
            render={({ field }) => (
              <FormControlLabel
                label="Open Contract"
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      if (e.target.checked) setValue('end_date', '', { shouldValidate: false });
                    }}
                  />
                }
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormTextField control={control} name="status" label="Status" select fullWidth>
            {CONTRACT_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {contractStatusWord(s)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormTextField
            control={control}
            name="customer_since"
            label="Customer Since"
            type="date"
            fullWidth
            helperText="Empty: the start of the organization's first contract, once it has begun"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="notes"
            label="Notes"
            multiline
            minRows={3}
            fullWidth
            helperText={`${notes.length}/${CONTRACT_NOTES_MAX}`}
          />
        </Grid>
        <Grid size={12}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              component="label"
              htmlFor={fileInputId}
              variant="outlined"
              startIcon={<AttachFileIcon />}
            >
              Attach PDF Files
              <input
                id={fileInputId}
                type="file"
                accept="application/pdf,.pdf"
                multiple
                hidden
                aria-label="PDF files"
                onChange={pickFiles}
              />
            </Button>
            {files.map((f, n) => (
              <Chip
                key={`${f.name}-${n}`}
                label={f.name}
                onDelete={() => setFiles((current) => current.filter((_, i) => i !== n))}
                deleteIcon={<CloseIcon aria-label={`Remove ${f.name}`} />}
              />
            ))}
            {files.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                PDF only; several files may be attached.
              </Typography>
            )}
          </Stack>
          {fileError && <FormHelperText error>{fileError}</FormHelperText>}
        </Grid>
        <Grid size={12}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => navigate('/contracts')}>Cancel</Button>
            <Button type="submit" variant="contained" loading={saving}>
              {contract ? 'Update' : 'Create'}
            </Button>
          </Stack>
        </Grid>
      </Grid>
    </form>
  );
}
