export { ToastProvider, DEFAULT_TOAST_DURATION } from './toast-provider';
export { useToast, ToastHostContext, type ToastInput, type ToastApi, type ToastVariant } from './toast-context';
