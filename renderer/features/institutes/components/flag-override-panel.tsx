import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { ClosableDialogTitle } from '../../../components/ui/closable-dialog-title';
import { FEATURE_FLAG_NAMES, type FeatureFlagName } from '../../../../shared/domain/feature-flags';
import { useSession } from '../../../lib/session-store';
import { useFeatureFlags, useInstituteFlags } from '../hooks/use-feature-flags';
import { useSelectedInstitute } from '../hooks/use-selected-institute';
import { CountBadge, countedName } from '../../../components/ui/count-badge';

type Choice = 'default' | 'on' | 'off';

/** 'hemolysisTracking' → 'Hemolysis Tracking' */
const flagLabel = (name: FeatureFlagName) =>
  name.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

const onOff = (value: boolean) => (value ? 'On' : 'Off');

/**
 * Staff try screens with flags the organization does not have: overrides are kept on this
 * computer only and apply over every organization's own flags until cleared or logout.
 */
export function FlagOverridePanel() {
  const [open, setOpen] = useState(false);
  const overrides = useSession((s) => s.flagOverrides);
  const setFlagOverride = useSession((s) => s.setFlagOverride);
  const instituteFlags = useInstituteFlags();
  const flags = useFeatureFlags();
  const { data: institute } = useSelectedInstitute();
  const count = Object.keys(overrides).length;

  const choose = (name: FeatureFlagName, choice: Choice | null) => {
    if (choice === null) return; // clicking the active button again keeps it
    setFlagOverride(name, choice === 'default' ? undefined : choice === 'on');
  };

  return (
    <>
      <Tooltip title="Feature flag overrides">
        <IconButton
          aria-label={countedName('Feature flag overrides', count)}
          onClick={() => setOpen(true)}
        >
          <CountBadge count={count} color="warning">
            <FlagOutlinedIcon />
          </CountBadge>
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <ClosableDialogTitle onClose={() => setOpen(false)}>
          Feature Flag Overrides
        </ClosableDialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Overrides apply on this computer only, over the flags of every organization, until you
            clear them or log out.
          </DialogContentText>
          <Table size="small" aria-label="Feature flags">
            <TableHead>
              <TableRow>
                <TableCell>Flag</TableCell>
                <TableCell>{institute?.name ?? 'Organization'}</TableCell>
                <TableCell>Override</TableCell>
                <TableCell>Effective</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {FEATURE_FLAG_NAMES.map((name) => {
                const override = overrides[name];
                const choice: Choice = override === undefined ? 'default' : override ? 'on' : 'off';
                return (
                  <TableRow key={name} data-flag={name}>
                    <TableCell component="th" scope="row">
                      {flagLabel(name)}
                    </TableCell>
                    <TableCell data-column="organization">{onOff(instituteFlags[name])}</TableCell>
                    <TableCell>
                      <ToggleButtonGroup
                        size="small"
                        exclusive
                        value={choice}
                        onChange={(_e, value: Choice | null) => choose(name, value)}
                        aria-label={`Override ${flagLabel(name)}`}
                      >
                        <ToggleButton value="default">Organization</ToggleButton>
                        <ToggleButton value="on">On</ToggleButton>
                        <ToggleButton value="off">Off</ToggleButton>
                      </ToggleButtonGroup>
                    </TableCell>
                    <TableCell data-column="effective" sx={{ fontWeight: 600 }}>
                      {onOff(flags[name])}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button
            disabled={count === 0}
            onClick={() => FEATURE_FLAG_NAMES.forEach((name) => setFlagOverride(name, undefined))}
          >
            Clear Overrides
          </Button>
          <Button variant="contained" onClick={() => setOpen(false)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
