import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { VIAL_MESSAGES, type VialDrive } from '../../../../shared/ipc/vial-drive';
import { browserDesktopApi, type DesktopApi } from '../../../lib/desktop-bridge';
import { vialKeys } from '../api/keys';
import { newlyReady } from '../hooks/use-open-on-new-ready-vial';
import { clampPanelWidth, PANEL_WIDTH } from '../hooks/use-panel-width';
import { canUpload } from './vial-card';
import { VialsDrawer, type VialsDrawerProps } from './vials-drawer';

const vial = (overrides: Partial<VialDrive> = {}): VialDrive => ({
  id: '/media/VV-1007',
  label: 'VV-1007',
  uuid: '2801906a-7c79-42a2-b96b-f36f2bc99aa5',
  datFiles: [{ path: 'DATA/RUN00001.DAT', size: 600_264 }],
  totalSize: 600_264,
  endOfLife: false,
  registered: true,
  status: 'ready',
  progress: null,
  messages: [],
  lastSyncSeconds: 0,
  ...overrides,
});

const desktopApi = (): DesktopApi => ({
  ...browserDesktopApi,
  kind: 'desktop',
  listVials: async () => [],
});

function render(props: Partial<VialsDrawerProps>, vials?: VialDrive[]) {
  const client = new QueryClient();
  if (vials) client.setQueryData(vialKeys.connected(), vials);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <VialsDrawer role="member" instituteId={3} defaultOpen {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Vials drawer', () => {
  it('is not there for guests, nor before the user is known', () => {
    expect(render({ role: 'guest' })).toBe('');
    expect(render({ role: undefined })).toBe('');
  });

  it('in the browser, says uploading is unavailable and links to the desktop app launcher', () => {
    const html = render({ api: browserDesktopApi });
    expect(html).toContain('Upload is not available in the browser');
    expect(html).toContain('href="/launch"');
    expect(html).toContain('aria-label="Vials"');
  });

  it('is a side panel 360 px wide', () => {
    expect(render({ api: browserDesktopApi })).toMatch(/width:360px/);
  });

  it('lists connected vials with their state, and says so when there are none', () => {
    expect(render({ api: desktopApi() }, [])).toContain('No Rows Found');
    expect(render({ api: desktopApi() })).toContain('Retrieving Data...');
    const html = render({ api: desktopApi() }, [
      vial(),
      vial({ id: '/media/VV-1008', label: 'VV-1008', status: 'complete' }),
    ]);
    expect(html).toContain('VV-1007');
    expect(html).toContain('Ready to Upload');
    expect(html).toContain('Upload Complete');
    expect(html).toContain('1 file, 600 kB');
  });

  it('shows upload progress', () => {
    const progress = {
      vial: '/media/VV-1007',
      uploadedBytes: 300_000,
      totalBytes: 600_000,
      file: 'DATA/RUN00001.DAT',
    };
    const html = render({ api: desktopApi() }, [vial({ status: 'uploading', progress })]);
    expect(html).toContain('Uploading');
    expect(html).toContain('50% · 300 kB of 600 kB · DATA/RUN00001.DAT');
    expect(html).toContain('aria-valuenow="50"');
  });

  it('shows the vial’s messages with their actions', () => {
    const html = render({ api: desktopApi() }, [
      vial({
        status: 'error',
        messages: [
          {
            id: 'large:DATA/RUN00001.DAT',
            kind: 'large_file',
            text: VIAL_MESSAGES.largeFile('VV-1007'),
            file: 'DATA/RUN00001.DAT',
            actions: ['remove-file', 'dismiss'],
          },
          {
            id: 'records-remain',
            kind: 'records_remain',
            text: VIAL_MESSAGES.recordsRemain('VV-1007'),
            actions: ['dismiss'],
          },
        ],
      }),
    ]);
    expect(html).toContain(
      'You have a large file on VV-1007 that cannot be uploaded. Would you like to remove it from the device?',
    );
    expect(html).toContain('Upload Error: Some records still remain on VV-1007');
    expect(html.match(/Remove File/g)).toHaveLength(1);
    expect(html.match(/Dismiss/g)).toHaveLength(2);
  });
});

describe('drawer behaviour', () => {
  it('opens for a vial that has become ready, not for one it already showed', () => {
    expect(newlyReady(new Set(), [vial()])).toEqual(['/media/VV-1007']);
    expect(newlyReady(new Set(['/media/VV-1007']), [vial()])).toEqual([]);
    expect(
      newlyReady(new Set(), [vial({ status: 'no_data' }), vial({ id: 'x', status: 'error' })]),
    ).toEqual([]);
  });

  it('resizes between its limits, up to 1000 px', () => {
    expect(PANEL_WIDTH.initial).toBe(360);
    expect(clampPanelWidth(2000)).toBe(1000);
    expect(clampPanelWidth(10)).toBe(PANEL_WIDTH.min);
    expect(clampPanelWidth(512.4)).toBe(512);
  });

  it('offers Upload only for a ready vial that is registered and in service', () => {
    expect(canUpload(vial())).toBe(true);
    expect(canUpload(vial({ registered: null }))).toBe(true);
    expect(canUpload(vial({ registered: false }))).toBe(false);
    expect(canUpload(vial({ endOfLife: true }))).toBe(false);
    expect(canUpload(vial({ status: 'uploading' }))).toBe(false);
  });
});

describe('the browser’s desktop API', () => {
  it('has no vials and refuses uploads with the spec’s text', async () => {
    expect(await browserDesktopApi.listVials()).toEqual([]);
    await expect(browserDesktopApi.uploadVial('x', 1)).rejects.toThrow(
      'Upload is not available in the browser',
    );
  });
});
