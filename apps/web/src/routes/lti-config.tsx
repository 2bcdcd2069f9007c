import { createFileRoute } from '@tanstack/react-router';
import { LtiConfigPage } from '../features/lti/lti-config-page';

export const Route = createFileRoute('/lti-config')({ component: LtiConfigPage });
