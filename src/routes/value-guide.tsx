import { createFileRoute } from '@tanstack/react-router';
import { ValueGuidePage } from '../features/static-pages/pages/value-guide-page';

export const Route = createFileRoute('/value-guide')({ component: ValueGuidePage });
