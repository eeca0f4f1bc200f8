import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useUser } from '../../features/auth';
import {
  FlagOverridePanel,
  OrganizationSelector,
  useSelectedInstituteId,
} from '../../features/institutes';
import { NotificationsBell } from '../../features/notifications';
import { VialsDrawer } from '../../features/vials';
import { useIsStaff } from '../../lib/permissions';
import { BetaMetricSelector } from './beta-metric-selector';
import { HelpButton } from './help-button';
import { Logo } from './logo';
import { MainTabs } from './main-tabs';
import { SettingsMenu } from './settings-menu';

export function TopBar() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const isStaff = useIsStaff();
  const instituteId = useSelectedInstituteId();

  return (
    <AppBar position="sticky" color="inherit" elevation={1}>
      {/* On a phone the bar keeps to the width of the screen: the organization takes a row of
          its own below the buttons, the logo its mark, and Back is the phone's own. */}
      <Toolbar sx={{ gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: { xs: 1, sm: 0 } }}>
        <Link component={RouterLink} to="/dashboard" aria-label="VialQC dashboard" underline="none">
          <Logo markOnlyOnPhone />
        </Link>
        <Tooltip title="Back">
          <IconButton
            aria-label="Back"
            onClick={() => navigate(-1)}
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Reload data">
          {/* Refetches every query: fresh data without losing the screen's state. */}
          <IconButton aria-label="Reload data" onClick={() => queryClient.invalidateQueries()}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        {/* The selector gives way first, so the bar fits a narrow window without scrolling. */}
        <Box
          sx={{
            ml: { sm: 1 },
            minWidth: 0,
            flexShrink: 1,
            order: { xs: 1, sm: 0 },
            width: { xs: '100%', sm: 'auto' },
          }}
        >
          <OrganizationSelector />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <BetaMetricSelector />
        {isStaff && <FlagOverridePanel />}
        <VialsDrawer role={user?.role} instituteId={instituteId} />
        <NotificationsBell />
        <HelpButton />
        <SettingsMenu />
      </Toolbar>
      <MainTabs />
    </AppBar>
  );
}
