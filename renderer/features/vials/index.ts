export { VialsDrawer } from './components/vials-drawer';
