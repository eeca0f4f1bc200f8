import DeleteIcon from '@mui/icons-material/Delete';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import type { Vial } from '../../../../shared/api/vials';
import { RowAction } from '../../../components/ui/row-action';
import { formatDateTime } from '../../../lib/format';

/** The columns both vial tables show: the registry (staff) and an organization's own. */
export const VIAL_COLUMNS = {
  label: { field: 'label', headerName: 'Label', width: 130 },
  version: { field: 'version', headerName: 'Version', width: 90 },
  /** Active, or Retired once deleted. */
  status: {
    field: 'is_deleted',
    headerName: 'Status',
    width: 100,
    renderCell: ({ row }) =>
      row.is_deleted ? (
        <Chip size="small" label="Retired" color="error" variant="outlined" />
      ) : (
        <Chip size="small" label="Active" color="success" />
      ),
  },
  uploads: { field: 'uploads', headerName: 'Uploads', type: 'number', width: 90 },
  lastUpload: {
    field: 'last_upload',
    headerName: 'Last Upload',
    width: 150,
    valueFormatter: (v: string | null) => formatDateTime(v),
  },
} satisfies Record<string, GridColDef<Vial>>;

/** Delete (retire) a vial; disabled once it is retired. */
export const RetireVialAction = ({ vial, onClick }: { vial: Vial; onClick: () => void }) => (
  <RowAction
    title={vial.is_deleted ? 'Retired' : 'Delete'}
    label={`Delete ${vial.label}`}
    icon={<DeleteIcon fontSize="small" />}
    disabled={vial.is_deleted}
    onClick={onClick}
  />
);
