export { Comments } from './components/comments';
