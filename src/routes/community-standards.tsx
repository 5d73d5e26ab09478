import { createFileRoute } from '@tanstack/react-router';
import { CommunityStandardsPage } from '../features/static-pages/pages/community-standards-page';

export const Route = createFileRoute('/community-standards')({ component: CommunityStandardsPage });
