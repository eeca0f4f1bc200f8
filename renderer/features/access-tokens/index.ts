export { AccessTokensSection } from './components/access-tokens-section';
