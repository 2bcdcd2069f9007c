import { createFileRoute } from '@tanstack/react-router';
import { LtiPlatformsPage } from '../../features/admin/lti/lti-platforms-page';

export const Route = createFileRoute('/admin/lti')({ component: LtiPlatformsPage });
