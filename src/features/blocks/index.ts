export { useBlock, useHasBlocked } from './api';
export { BlockDialog } from './components/block-dialog';
export { UnblockButton, useUnblockWithToast } from './components/unblock-button';
