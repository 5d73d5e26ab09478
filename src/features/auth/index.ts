export { useResendVerification } from './api';
export { useReturnHere } from './redirect';
export { useSignOut } from './use-sign-out';
export { handleSessionEnded } from './session-ended';
