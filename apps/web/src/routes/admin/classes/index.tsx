import { createFileRoute } from '@tanstack/react-router';
import { ClassesPage } from '../../../features/admin/classes/classes-page';

export const Route = createFileRoute('/admin/classes/')({ component: ClassesPage });
