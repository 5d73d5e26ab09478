import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AuditLogPage } from '../features/admin/components/audit-log';
import { idField } from '../shared/schemas/fields';

// ?userId= narrows the log to one member; anything malformed is dropped rather than failing the page.
const auditSearchSchema = v.object({ userId: v.fallback(v.optional(idField('Invalid id')), undefined) });

export const Route = createFileRoute('/admin/audit')({
  validateSearch: auditSearchSchema,
  component: AuditRoute,
});

function AuditRoute() {
  return <AuditLogPage userId={Route.useSearch().userId ?? null} />;
}
