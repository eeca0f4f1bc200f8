import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import {
  CLINICAL_DATA_MESSAGES,
  CLINICAL_IMPORT_MAX_BYTES,
  CLINICAL_IMPORT_MAX_ROWS,
  CLINICAL_VALUE_FIELDS,
} from '../../../../shared/api/clinical-data';
import type { ErrorBody } from '../../../../shared/api/common';
import { CsvFileField } from '../../../components/ui/csv-file-field';
import { errorDetail } from '../../../lib/api-client';
import { isHttpError } from '../../../lib/http-client';
import { useLineWord } from '../../institutes';
import { LabelsSelect } from '../../records';
import { useImportClinicalData } from '../api/import-clinical-data';

/** A problem of a refused file: where (line and column) and what. */
interface FileProblem {
  line: number | null;
  column: string;
  msg: string;
}

/** The problems of a refused file, by line and column (`loc: ["file", line, column]`). */
function fileProblems(error: unknown): FileProblem[] {
  if (!isHttpError<ErrorBody>(error) || error.response?.status !== 422) return [];
  const detail = error.response.data?.detail;
  if (!Array.isArray(detail)) return [];
  return detail
    .filter((d) => d.loc[0] === 'file' && d.loc.length === 3)
    .map((d) => ({
      line: typeof d.loc[1] === 'number' ? d.loc[1] : null,
      column: String(d.loc[2]),
      msg: d.msg,
    }));
}

/** A refusal of a form field (the file itself, the labels): its field and message. */
function fieldError(error: unknown): { field: string; msg: string } | null {
  if (!isHttpError<ErrorBody>(error)) return null;
  const detail = error.response?.data?.detail;
  if (!Array.isArray(detail) || detail[0]?.loc[0] !== 'body') return null;
  return { field: String(detail[0].loc[1]), msg: detail[0].msg };
}

const MIB = 1024 * 1024;

/**
 * Import clinical data from a CSV file (method-comparison.md section 1): one entry a row, all or
 * nothing; a refused file's problems are listed by line and column.
 */
export function ImportClinicalDataDialog({
  instituteId,
  onClose,
}: {
  instituteId: number;
  onClose: () => void;
}) {
  const titleId = useId();
  const word = useLineWord();
  const upload = useImportClinicalData(instituteId);
  const { enqueueSnackbar } = useSnackbar();
  const [file, setFile] = useState<File | null>(null);
  const [labels, setLabels] = useState<number[]>([]);
  const [errors, setErrors] = useState<{ file?: string; labels?: string }>({});
  const [problems, setProblems] = useState<FileProblem[]>([]);

  const chooseFile = (f: File | null) => {
    setFile(f);
    setProblems([]);
    setErrors({});
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblems([]);
    if (!file || !/\.csv$/i.test(file.name) || file.size === 0) {
      setErrors({ file: CLINICAL_DATA_MESSAGES.fileRequired });
      return;
    }
    if (file.size > CLINICAL_IMPORT_MAX_BYTES) {
      setErrors({
        file: `The file is larger than the ${CLINICAL_IMPORT_MAX_BYTES / MIB} MiB upload limit.`,
      });
      return;
    }
    setErrors({});
    try {
      const { created } = await upload.mutateAsync({ file, labels });
      enqueueSnackbar(CLINICAL_DATA_MESSAGES.imported(created), { variant: 'success' });
      onClose();
    } catch (error) {
      const listed = fileProblems(error);
      setProblems(listed);
      const field = listed.length ? null : fieldError(error);
      if (field) setErrors({ [field.field === 'labels' ? 'labels' : 'file']: field.msg });
      enqueueSnackbar(
        listed.length
          ? CLINICAL_DATA_MESSAGES.importFailed
          : (errorDetail(error) ?? CLINICAL_DATA_MESSAGES.importFailed),
        { variant: 'error' },
      );
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Import Clinical Data</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            A CSV file, one entry a row (at most {CLINICAL_IMPORT_MAX_ROWS.toLocaleString('en-US')}{' '}
            rows, {CLINICAL_IMPORT_MAX_BYTES / MIB} MiB). Its header names the columns:{' '}
            <strong>date</strong> (YYYY-MM-DD, required), <strong>line</strong> (the name of a{' '}
            {word.lower} of this organization, optional) and any of{' '}
            {CLINICAL_VALUE_FIELDS.join(', ')}. Values are empty or at least 0 with at most two
            decimals; other columns are ignored. Nothing is stored unless every row is right.
          </Typography>
          <CsvFileField file={file} onChange={chooseFile} error={errors.file} mt={2} />
          <LabelsSelect instituteId={instituteId} value={labels} onChange={setLabels} />
          {errors.labels && <FormHelperText error>{errors.labels}</FormHelperText>}
          {upload.isPending && (
            <>
              <LinearProgress sx={{ mt: 2 }} aria-label="Importing" />
              <Typography variant="body2" sx={{ mt: 1 }} role="status">
                Importing {file?.name}…
              </Typography>
            </>
          )}
          {problems.length > 0 && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              The file was not imported; nothing was stored:
              <Table size="small" aria-label="Problems of the file" sx={{ mt: 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Line</TableCell>
                    <TableCell>Column</TableCell>
                    <TableCell>Problem</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {problems.map((p) => (
                    <TableRow key={`${p.line}-${p.column}-${p.msg}`}>
                      <TableCell>{p.line ?? '—'}</TableCell>
                      <TableCell>{p.column}</TableCell>
                      <TableCell>{p.msg}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={upload.isPending}>
            Import
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
