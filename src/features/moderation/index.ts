export { MemberMenu } from './components/member-menu';
export { ReportButton } from './components/report-button';
export {
  AUDIT_ACTION_LABELS,
  formatDate,
  formatDateTime,
  GUARD_LABELS,
  isRemovedMessage,
  OUTCOME_LABELS,
  REASON_LABELS,
  suspensionText,
  TARGET_TYPE_LABELS,
} from './labels';
