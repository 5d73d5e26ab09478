import { createFileRoute } from '@tanstack/react-router';
import { SafetyPage } from '../features/static-pages/pages/safety-page';

export const Route = createFileRoute('/safety')({ component: SafetyPage });
