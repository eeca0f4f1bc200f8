import Typography from '@mui/material/Typography';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { useRejectionModel } from '../api/get-rejection-model';
import { counted } from '../../../../shared/domain/plural';

const fixed = (v: number, digits: number) => v.toFixed(digits);

/** The model in use (rejection-model.md): source, n, k with its interval, μ and σ. */
export function RejectionModelSummary({ instituteId }: { instituteId: number }) {
  const model = useRejectionModel(instituteId);
  if (model.isError) return <ErrorFetching />;
  if (!model.data) return <RetrievingData />;
  const m = model.data;
  return (
    <section aria-label="Rejection model">
      <Typography variant="h3" gutterBottom sx={{ mt: 2 }}>
        Rejection model
      </Typography>
      <Typography>
        {m.source === 'calibrated'
          ? `Calibrated from ${counted(m.n, 'clinical data entry', 'clinical data entries')} of this organization.`
          : `Default model: ${counted(m.n, 'usable clinical data entry', 'usable clinical data entries')}, ${m.min_entries} needed to calibrate.`}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="rejection-model-figures">
        k = {fixed(m.k, 4)} mg/dL per g·s (90% interval {fixed(m.k_low, 4)}–{fixed(m.k_high, 4)}), μ
        = {fixed(m.mu, 3)}, σ = {fixed(m.sigma, 3)}
      </Typography>
    </section>
  );
}
