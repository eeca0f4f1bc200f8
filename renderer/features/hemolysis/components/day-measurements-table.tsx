import EditIcon from '@mui/icons-material/Edit';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import type { MeasurementDto } from '../../../../shared/api/hemolysis';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { RowAction } from '../../../components/ui/row-action';
import { COMPACT_GRID } from '../../../components/ui/server-grid';
import { CorrectMeasurementDialog } from './correct-measurement-dialog';
import { clockIn } from './zone-clock';

/**
 * The chosen day's measurements in the data set's zone; those who may edit data correct a
 * value from its row.
 */
export function DayMeasurementsTable({
  dataId,
  measurements,
  zone,
  editable,
}: {
  dataId: number;
  measurements: MeasurementDto[];
  zone: string;
  editable: boolean;
}) {
  const [correcting, setCorrecting] = useState<MeasurementDto | null>(null);
  const timeOf = (m: MeasurementDto) => clockIn(zone, Date.parse(m.timestamp), true);
  const columns: GridColDef<MeasurementDto>[] = [
    {
      field: 'timestamp',
      headerName: `Time (${zone})`,
      flex: 1,
      minWidth: 140,
      valueGetter: (_v, row) => timeOf(row),
    },
    { field: 'value', headerName: 'HI (mg/dL)', type: 'number', width: 120 },
    ...(editable
      ? [
          {
            field: 'actions',
            headerName: 'Actions',
            width: 90,
            sortable: false,
            renderCell: ({ row }) => (
              <RowAction
                title="Correct"
                label={`Correct the measurement at ${timeOf(row)}`}
                icon={<EditIcon fontSize="small" />}
                onClick={() => setCorrecting(row)}
              />
            ),
          } satisfies GridColDef<MeasurementDto>,
        ]
      : []),
  ];
  return (
    <>
      <DataGrid
        aria-label="Measurements"
        {...COMPACT_GRID}
        rows={measurements}
        columns={columns}
        initialState={{ pagination: { paginationModel: { pageSize: PAGE_SIZE_OPTIONS[0] } } }}
        pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
        disableRowSelectionOnClick
        slots={gridOverlays}
      />
      {correcting && (
        <CorrectMeasurementDialog
          dataId={dataId}
          measurement={correcting}
          time={timeOf(correcting)}
          onClose={() => setCorrecting(null)}
        />
      )}
    </>
  );
}
