import { createFileRoute } from '@tanstack/react-router';
import { ValidationRoundsPage } from '../../features/validation/validation-rounds-page';

export const Route = createFileRoute('/admin/validation')({ component: ValidationRoundsPage });
