import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/static-pages/pages/faq-page';

export const Route = createFileRoute('/faq')({ component: FaqPage });
