import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useLocation } from 'react-router-dom';
import { useUser } from '../../features/auth';
import { useFeatureFlags, useLineWord } from '../../features/institutes';
import { labelOf, visibleTabs } from '../navigation';

export function MainTabs() {
  const { pathname } = useLocation();
  const flags = useFeatureFlags();
  const word = useLineWord();
  const { data: user } = useUser();
  if (!user) return null;
  const tabs = visibleTabs(flags, user.role);
  const active = tabs.find((t) => pathname === t.path || pathname.startsWith(`${t.path}/`));

  // These tabs are links to screens, so each is a stop of Tab (the arrow keys move between them too).
  return (
    <Tabs
      value={active?.path ?? false}
      variant="scrollable"
      scrollButtons="auto"
      aria-label="Main sections"
      sx={{ px: 2 }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.path}
          value={tab.path}
          label={labelOf(tab, word)}
          component={Link}
          to={tab.path}
          tabIndex={0}
        />
      ))}
    </Tabs>
  );
}
