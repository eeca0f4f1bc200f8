/**
 * The vials feature: the Vials drawer (connected vials), the registry screen (staff) and an
 * organization's own vials (Settings, for those who may retire them).
 */
export { OrganizationVials } from './components/organization-vials';
export { VialsDrawer } from './components/vials-drawer';
export { VialsTable } from './components/vials-table';
