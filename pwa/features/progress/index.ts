export { CompleteButton, type CompleteButtonProps } from './components/complete-button';
