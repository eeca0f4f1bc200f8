import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import type { EChartsType } from './echarts';
import { exportChart, EXPORT_FORMATS, type ExportFormat } from './export-chart';

interface Props {
  /** The chart to export, read at click time (it may have been redrawn since). */
  getChart: () => EChartsType | null;
  /** File name without extension. */
  baseName: string;
  disabled?: boolean;
}

/** 'Export PNG' in one click, svg from the arrow's menu. */
export function ChartExportButton({ getChart, baseName, disabled }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (format: ExportFormat) => {
    setAnchor(null);
    const chart = getChart();
    if (chart) void exportChart(chart, baseName, format);
  };
  return (
    <>
      <ButtonGroup size="small" variant="outlined" disabled={disabled}>
        <Button startIcon={<DownloadIcon />} onClick={() => run('png')}>
          Export PNG
        </Button>
        <Button
          aria-label="Choose export format"
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <ArrowDropDownIcon />
        </Button>
      </ButtonGroup>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => run(format)}>
            {format.toUpperCase()}
            {format === 'png' ? ' (default)' : ''}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
