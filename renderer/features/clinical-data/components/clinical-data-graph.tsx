import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import {
  CLINICAL_ANALYTE_INFO,
  CLINICAL_ANALYTES,
  type ClinicalAnalyte,
  type ClinicalDataDto,
} from '../../../../shared/api/clinical-data';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { valueAxis } from '../../../components/charts/options';
import { formatDay } from '../../../lib/calendar-day';
import { useClinicalDataList } from '../api/get-clinical-data-list';
import { filterParams, useClinicalDataFilters } from './use-clinical-data-filters';

const dayMs = (day: string) => Date.parse(`${day}T12:00:00`);

/** The chart of one analyte: transported and baseline per entry over time, and their difference. */
export function analyteOption(entries: ClinicalDataDto[], analyte: ClinicalAnalyte) {
  const info = CLINICAL_ANALYTE_INFO[analyte];
  const paired = entries.filter((e) => e[analyte] !== null || e[`${analyte}_baseline`] !== null);
  if (!paired.length) return null;
  const point = (e: ClinicalDataDto, v: number | null) => [dayMs(e.date), v];
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      valueFormatter: (v: number | null) => (v === null || v === undefined ? '–' : v.toFixed(2)),
    },
    legend: { top: 0 },
    grid: { left: 72, right: 32, top: 40, bottom: 48 },
    xAxis: {
      type: 'time',
      name: 'Date',
      nameLocation: 'middle',
      nameGap: 28,
      axisLabel: { formatter: (v: number) => formatDay(new Date(v).toISOString()) },
    },
    yAxis: valueAxis(info.name, info.unit),
    series: [
      {
        type: 'line',
        name: 'Transported',
        symbolSize: 7,
        data: paired.map((e) => point(e, e[analyte])),
      },
      {
        type: 'line',
        name: 'Baseline',
        symbolSize: 7,
        data: paired.map((e) => point(e, e[`${analyte}_baseline`])),
      },
      {
        type: 'bar',
        name: 'Difference',
        barMaxWidth: 12,
        data: paired.map((e) => {
          const t = e[analyte];
          const b = e[`${analyte}_baseline`];
          return point(e, t !== null && b !== null ? Number((t - b).toFixed(4)) : null);
        }),
      },
    ],
  };
}

/** /clinical-data/graph: one tab per analyte, over the filtered entries. */
export function ClinicalDataGraph({ instituteId }: { instituteId: number }) {
  const [tab, setTab] = useState<ClinicalAnalyte>('h_index');
  const [filters] = useClinicalDataFilters();
  const query = useClinicalDataList(instituteId, {
    ...filterParams(filters),
    size: FULL_LIST_SIZE,
    ordering: 'date',
  });
  const info = CLINICAL_ANALYTE_INFO[tab];
  return (
    <>
      <Tabs value={tab} onChange={(_e, v: ClinicalAnalyte) => setTab(v)} aria-label="Analyte">
        {CLINICAL_ANALYTES.map((a) => (
          <Tab key={a} value={a} label={CLINICAL_ANALYTE_INFO[a].tab} />
        ))}
      </Tabs>
      <ChartPanel
        title={`${info.name}: transported and baseline`}
        exportName={`clinical-data-${info.tab.toLowerCase()}`}
        option={query.data ? analyteOption(query.data.items, tab) : null}
        loading={query.isLoading}
        error={query.isError}
        height={380}
      />
    </>
  );
}
