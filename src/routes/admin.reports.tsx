import { createFileRoute } from '@tanstack/react-router';
import { ModerationQueuePage } from '../features/admin/components/moderation-queue';

export const Route = createFileRoute('/admin/reports')({ component: ModerationQueuePage });
