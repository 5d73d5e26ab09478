import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/static-pages/pages/privacy-page';

export const Route = createFileRoute('/privacy')({ component: PrivacyPage });
