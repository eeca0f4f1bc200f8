/** What the lab feed produces (lab-feed.md sections 7 and 9): a line's outcomes, the cut-offs. */
export { CommentAboveSettings } from './components/comment-above-settings';
export { LabOutcomesView } from './components/lab-outcomes-view';
