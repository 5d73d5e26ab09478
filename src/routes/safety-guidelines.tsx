import { createFileRoute } from '@tanstack/react-router';
import { SafetyGuidelinesPage } from '../features/static-pages/pages/safety-guidelines-page';

export const Route = createFileRoute('/safety-guidelines')({ component: SafetyGuidelinesPage });
