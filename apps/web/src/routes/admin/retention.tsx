import { createFileRoute } from '@tanstack/react-router';
import { RetentionPage } from '../../features/admin/retention/retention-page';

export const Route = createFileRoute('/admin/retention')({ component: RetentionPage });
