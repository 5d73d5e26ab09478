import { createFileRoute } from '@tanstack/react-router';
import { CookiesPage } from '../features/static-pages/pages/cookies-page';

export const Route = createFileRoute('/cookies')({ component: CookiesPage });
