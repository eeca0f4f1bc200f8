/** The desktop installers page (/downloads, public). */
export { DownloadsPage } from './components/downloads-page';
