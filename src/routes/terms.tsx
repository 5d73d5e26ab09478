import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/static-pages/pages/terms-page';

export const Route = createFileRoute('/terms')({ component: TermsPage });
