/** The vials feature: the Vials drawer (connected vials) and the registry screen (staff). */
export { VialsDrawer } from './components/vials-drawer';
export { VialsTable } from './components/vials-table';
