import { createFileRoute } from '@tanstack/react-router';
import { AuditPacksPage } from '../../features/admin/audit-packs/audit-packs-page';

export const Route = createFileRoute('/admin/audit-packs')({ component: AuditPacksPage });
