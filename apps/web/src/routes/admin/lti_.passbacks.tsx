import { createFileRoute } from '@tanstack/react-router';
import { LtiPassbacksPage } from '../../features/admin/lti/lti-passbacks-page';

export const Route = createFileRoute('/admin/lti_/passbacks')({ component: LtiPassbacksPage });
