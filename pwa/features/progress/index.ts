export { CompleteButton, type CompleteButtonProps } from './components/complete-button';
export { CompletionMark } from './components/completion-mark';
export { progressKeys, useUserProgress } from './api/progress';
