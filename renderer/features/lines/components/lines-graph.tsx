import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import type { LineDto } from '../../../../shared/api/lines';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { RejectionChart, seriesPerAnalyte } from '../../../components/charts/rejection-chart';
import { useLineWord } from '../../institutes';
import { useLines } from '../api/get-lines';
import { barOption } from './bar-option';

const GRAPHS = [
  { value: 'vitalmetric', label: 'VitalMetric' },
  { value: 'temperature', label: 'Temperature' },
  { value: 'rejection', label: 'Rejection' },
] as const;
type Graph = (typeof GRAPHS)[number]['value'];

function VitalMetricGraph({ lines }: { lines: LineDto[] }) {
  const word = useLineWord();
  // Statistics exist above 2 records only.
  const shown = lines.filter((l) => l.line_statistics.auc.mean !== null);
  return (
    <ChartPanel
      title={`Mean VitalMetric per ${word.singular}`}
      exportName="lines-vitalmetric"
      option={barOption(
        shown.map((l) => l.name),
        shown.map((l) => l.line_statistics.auc.mean ?? 0),
        { name: 'Mean VitalMetric', unit: 'g·s', decimals: 0 },
      )}
    />
  );
}

/** Mean kinetic temperature per line, over the line's included records (the server's figure). */
function TemperatureGraph({ lines }: { lines: LineDto[] }) {
  const word = useLineWord();
  const shown = lines.filter((l) => l.line_statistics.mean_kinetic_temperature !== null);
  return (
    <ChartPanel
      title={`Mean kinetic temperature per ${word.singular}`}
      exportName="lines-temperature"
      option={barOption(
        shown.map((l) => l.name),
        shown.map((l) => l.line_statistics.mean_kinetic_temperature ?? 0),
        { name: 'Mean kinetic temperature', unit: '°C', decimals: 1 },
      )}
    />
  );
}

function RejectionGraph({ lines }: { lines: LineDto[] }) {
  const word = useLineWord();
  const shown = lines.filter((l) => l.line_statistics.auc.rejection_rates !== null);
  const rate = (analyte: 'ldh' | 'asat' | 'potassium') =>
    shown.map((l) => l.line_statistics.auc.rejection_rates?.[analyte] ?? null);
  return (
    <RejectionChart
      title={`Rejection probability per ${word.singular}`}
      exportName="lines-rejection"
      categories={shown.map((l) => l.name)}
      series={seriesPerAnalyte(rate)}
    />
  );
}

/** The active lines side by side: VitalMetric, temperature and rejection (tab in `?graph=`). */
export function LinesGraph({ instituteId }: { instituteId: number }) {
  const [params, setParams] = useSearchParams();
  const graph: Graph = GRAPHS.find((g) => g.value === params.get('graph'))?.value ?? 'vitalmetric';
  const lines = useLines({ instituteId, archived: false, ordering: 'name' });
  const items = lines.data?.items ?? [];

  return (
    <Paper sx={{ p: 2 }}>
      <Tabs
        value={graph}
        onChange={(_e, value: Graph) => setParams({ graph: value }, { replace: true })}
        aria-label="Graph"
        sx={{ mb: 2 }}
      >
        {GRAPHS.map((g) => (
          <Tab key={g.value} value={g.value} label={g.label} />
        ))}
      </Tabs>
      {lines.isLoading || lines.isError ? (
        <ChartPanel
          title="Graph"
          exportName="lines"
          option={null}
          loading={lines.isLoading}
          error={lines.isError}
        />
      ) : graph === 'vitalmetric' ? (
        <VitalMetricGraph lines={items} />
      ) : graph === 'temperature' ? (
        <TemperatureGraph lines={items} />
      ) : (
        <RejectionGraph lines={items} />
      )}
    </Paper>
  );
}
