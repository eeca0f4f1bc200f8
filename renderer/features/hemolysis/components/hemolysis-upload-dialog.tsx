import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { isHttpError } from '../../../lib/http-client';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState } from 'react';
import type { ErrorBody } from '../../../../shared/api/common';
import {
  HEMOLYSIS_MESSAGES,
  hemolysisTitle,
  titleFromFileName,
} from '../../../../shared/api/hemolysis';
import { CsvFileField } from '../../../components/ui/csv-file-field';
import { errorDetail } from '../../../lib/api-client';
import { LabelsSelect } from '../../records';
import { useUploadHemolysisData } from '../api/upload-hemolysis-data';
import { LineField } from './line-field';

type Errors = Partial<Record<'file' | 'line' | 'title' | 'timezone_name', string>>;

/** The IANA zones the browser knows, for the time zone picker. */
const timeZones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
};

/** The problems of a refused file, with their line numbers. */
function fileProblems(error: unknown): string[] {
  if (!isHttpError<ErrorBody>(error) || error.response?.status !== 422) return [];
  const detail = error.response.data?.detail;
  if (!Array.isArray(detail)) return [];
  return detail
    .filter((d) => d.loc[0] === 'file')
    .map((d) => (typeof d.loc[1] === 'number' ? `Line ${d.loc[1]}: ${d.msg}` : d.msg));
}

/** Upload an analyzer's HI export (hemolysis-data.md section 3). */
export function HemolysisUploadDialog({
  instituteId,
  defaultTimeZone,
  onClose,
}: {
  instituteId: number;
  defaultTimeZone: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const upload = useUploadHemolysisData(instituteId);
  const { enqueueSnackbar } = useSnackbar();
  const zones = useMemo(timeZones, []);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [line, setLine] = useState('');
  const [labels, setLabels] = useState<number[]>([]);
  const [donorSample, setDonorSample] = useState(false);
  const [zone, setZone] = useState(defaultTimeZone);
  const [errors, setErrors] = useState<Errors>({});
  const [problems, setProblems] = useState<string[]>([]);

  const chooseFile = (f: File | null) => {
    setFile(f);
    setProblems([]);
    if (f && !titleTouched) setTitle(titleFromFileName(f.name));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!file || !/\.csv$/i.test(file.name)) next.file = HEMOLYSIS_MESSAGES.fileRequired;
    if (!line) next.line = HEMOLYSIS_MESSAGES.lineRequired;
    const checked = hemolysisTitle.safeParse(title);
    if (!checked.success) next.title = checked.error.issues[0].message;
    if (!zone) next.timezone_name = HEMOLYSIS_MESSAGES.badTimezone;
    setErrors(next);
    setProblems([]);
    if (Object.keys(next).length || !file || !checked.success) return;
    try {
      await upload.mutateAsync({
        file,
        line: Number(line),
        title: checked.data,
        donorSample,
        timezoneName: zone,
        labels,
      });
      enqueueSnackbar(HEMOLYSIS_MESSAGES.uploaded, { variant: 'success' });
      onClose();
    } catch (error) {
      const listed = fileProblems(error);
      setProblems(listed);
      if (!listed.length && isHttpError<ErrorBody>(error)) {
        const detail = error.response?.data?.detail;
        if (Array.isArray(detail) && detail[0]?.loc[0] === 'body')
          setErrors({ [String(detail[0].loc[1])]: detail[0].msg });
      }
      enqueueSnackbar(errorDetail(error) ?? HEMOLYSIS_MESSAGES.uploadFailed, { variant: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Add Hemolysis Data</DialogTitle>
        <DialogContent>
          <CsvFileField file={file} onChange={chooseFile} error={errors.file} mt={1} />
          <TextField
            fullWidth
            required
            label="Title"
            value={title}
            onChange={(ev) => {
              setTitle(ev.target.value);
              setTitleTouched(true);
            }}
            error={!!errors.title}
            helperText={errors.title}
          />
          <LineField
            instituteId={instituteId}
            value={line}
            onChange={setLine}
            error={errors.line}
          />
          <Autocomplete
            options={zones}
            value={zone}
            disableClearable
            onChange={(_ev, v) => setZone(v)}
            renderInput={(p) => (
              <TextField
                {...p}
                label="Time zone"
                error={!!errors.timezone_name}
                helperText={
                  errors.timezone_name ?? 'For timestamps in the file without Z or an offset.'
                }
              />
            )}
          />
          <LabelsSelect instituteId={instituteId} value={labels} onChange={setLabels} />
          <FormControlLabel
            label="Donor sample"
            control={
              <Checkbox
                checked={donorSample}
                onChange={(ev) => setDonorSample(ev.target.checked)}
              />
            }
          />
          {problems.length > 0 && (
            <Alert severity="error" sx={{ mt: 1 }} role="alert">
              The file was not stored:
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={upload.isPending}>
            Upload
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
