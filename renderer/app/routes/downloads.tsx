import { DownloadsPage } from '../../features/downloads';

/** /downloads (public): the desktop installers, linked from /launch. */
export default DownloadsPage;
