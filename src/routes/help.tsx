import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../features/static-pages/pages/help-page';

export const Route = createFileRoute('/help')({ component: HelpPage });
