// Every moderation action asks for a note first (it goes into the audit log) and says what it will
// do; a suspension also asks for how many days (1–90). One dialog for all six actions.
import { Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { TextAreaInput, TextInput } from '@/components/form-field';
import { ApiError, messageOf } from '@/lib/api';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import type { ModerationAction, ReportTargetType } from '@/shared/contract/moderation';
import { MAX_SUSPENSION_DAYS } from '@/shared/constants';
import { MAX_MODERATION_NOTE, reinstateSchema, reportResolveSchema } from '@/shared/schemas';

import { useReinstate, useResolveReport } from '../moderation-api';

export type QueueAction = ModerationAction | 'reinstate';

export interface ActionSubject {
  /** The report an action resolves (not needed to reinstate). */
  reportId: number | null;
  targetType: ReportTargetType;
  /** The member acted on; null when their account is gone. */
  member: { id: number; displayName: string } | null;
  /** Open reports on the target, which the action closes. */
  openCount: number;
  /** Messages the link-burst guard holds for this member: delivered on dismiss, deleted otherwise. */
  heldMessages: boolean;
  /** A listing the report threshold hid: dismiss and warn bring it back. */
  hiddenByReports: boolean;
}

const DEFAULT_DAYS = 7;

/** "The 3 open reports on this listing close": one sentence per kind (the noun's gender varies). */
const CLOSES: Record<ReportTargetType, (inputs: { count: string }) => string> = {
  listing: m.admin_closes_listing,
  user: m.admin_closes_user,
  message: m.admin_closes_message,
  offer: m.admin_closes_offer,
  circle_message: m.admin_closes_circle_message,
};
const HIDE_TITLES: Record<ReportTargetType, () => string> = {
  listing: m.admin_hide_title_listing,
  user: m.admin_hide_title_user,
  message: m.admin_hide_title_message,
  offer: m.admin_hide_title_offer,
  circle_message: m.admin_hide_title_circle_message,
};
const HIDDEN: Record<ReportTargetType, () => string> = {
  listing: m.admin_hidden_listing,
  user: m.admin_hidden_user,
  message: m.admin_hidden_message,
  offer: m.admin_hidden_offer,
  circle_message: m.admin_hidden_circle_message,
};

/** The dialog's title, what the action does, and its button. */
function wordsFor(action: QueueAction, subject: ActionSubject) {
  const name = subject.member?.displayName ?? m.admin_this_member();
  const closes =
    subject.openCount > 1 ? CLOSES[subject.targetType]({ count: fmt.number(subject.openCount) }) : m.admin_closes_one();
  // What else an action settles: held messages go out or go away; an automatically hidden listing comes back.
  const held = subject.heldMessages ? ` ${m.admin_held_delivered()}` : '';
  const heldGone = subject.heldMessages ? ` ${m.admin_held_deleted()}` : '';
  const back = subject.hiddenByReports ? ` ${m.admin_listing_back()}` : '';
  switch (action) {
    case 'dismiss':
      return {
        title: subject.heldMessages ? m.admin_dismiss_held_title() : m.admin_dismiss_title(),
        text: `${m.admin_dismiss_text({ name, closes })}${held}${back}`,
        button: m.admin_dismiss(),
        done: m.admin_dismissed(),
      };
    case 'warn':
      return {
        title: m.admin_warn_title({ name }),
        text: `${m.admin_warn_text({ name, closes })}${heldGone}${back}`,
        button: m.admin_send_warning(),
        done: m.admin_warned({ name }),
      };
    case 'hide':
      return subject.heldMessages
        ? {
            title: m.admin_delete_held_title(),
            text: m.admin_delete_held_text({ name, closes }),
            button: m.admin_delete_messages(),
            done: m.admin_held_deleted_done(),
          }
        : {
            title: HIDE_TITLES[subject.targetType](),
            text: m.admin_hide_text({ closes }),
            button: m.admin_hide(),
            done: HIDDEN[subject.targetType](),
          };
    case 'suspend':
      return {
        title: m.admin_suspend_title({ name }),
        text: `${m.admin_suspend_text({ name, closes })}${heldGone}`,
        button: m.admin_suspend(),
        done: m.admin_suspended({ name }),
      };
    case 'ban':
      return {
        title: m.admin_ban_title({ name }),
        text: `${m.admin_ban_text({ name, closes })}${heldGone}`,
        button: m.admin_ban(),
        done: m.admin_banned({ name }),
      };
    case 'reinstate':
      return {
        title: m.admin_reinstate_title({ name }),
        text: m.admin_reinstate_text({ name }),
        button: m.admin_reinstate(),
        done: m.admin_reinstated({ name }),
      };
  }
}

interface ModerationActionDialogProps {
  action: QueueAction | null;
  subject: ActionSubject;
  onClose: () => void;
}

export function ModerationActionDialog({ action, subject, onClose }: ModerationActionDialogProps) {
  return (
    <Dialog.Root open={action !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="520px" data-testid="moderation-dialog">
        {action && <ActionForm action={action} subject={subject} onDone={onClose} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ActionForm({ action, subject, onDone }: { action: QueueAction; subject: ActionSubject; onDone: () => void }) {
  const words = wordsFor(action, subject);
  const resolve = useResolveReport();
  const reinstate = useReinstate();
  const form = useValibotForm(action === 'reinstate' ? reinstateSchema : reportResolveSchema, {
    action,
    days: action === 'suspend' ? DEFAULT_DAYS : null,
    note: '',
  });
  const [daysText, setDaysText] = useState(String(DEFAULT_DAYS));
  const [failure, setFailure] = useState<string | null>(null);

  const done = () => {
    toast({ title: words.done, description: m.admin_note_logged() });
    onDone();
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiError) form.setErrors(error.errors);
    setFailure(messageOf(error, m.admin_action_failed()));
  };

  // mutateAsync, not mutate's callbacks: the action refreshes the queue, which unmounts this case
  // (and the dialog) before mutate's own callbacks would run.
  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const note = form.values.note.trim();
    try {
      if (action === 'reinstate') {
        if (!subject.member) return;
        await reinstate.mutateAsync({ userId: subject.member.id, note });
      } else {
        if (subject.reportId === null) return;
        await resolve.mutateAsync({
          reportId: subject.reportId,
          action,
          days: action === 'suspend' ? form.values.days : undefined,
          note,
        });
      }
      done();
    } catch (error) {
      failed(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={words.title}>
      <Dialog.Title>{words.title}</Dialog.Title>
      <Dialog.Description size="2" mb="4">
        {words.text}
      </Dialog.Description>
      <Flex direction="column" gap="4">
        {action === 'suspend' && (
          <TextInput
            label={m.admin_days()}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SUSPENSION_DAYS}
            value={daysText}
            onValueChange={(value) => {
              setDaysText(value);
              form.setField('days', value.trim() === '' ? null : Number(value));
            }}
            onBlur={() => form.touch('days')}
            error={form.errors.days}
            hint={m.admin_days_hint({ max: fmt.number(MAX_SUSPENSION_DAYS) })}
            required
          />
        )}
        <TextAreaInput
          label={m.admin_note()}
          value={form.values.note}
          onValueChange={(note) => form.setField('note', note)}
          onBlur={() => form.touch('note')}
          error={form.errors.note}
          hint={m.admin_note_hint()}
          rows={3}
          maxLength={MAX_MODERATION_NOTE}
          required
        />
        {failure && (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>{failure}</Callout.Text>
          </Callout.Root>
        )}
        <Text as="p" size="1" color="gray">
          {m.admin_reporters_unnamed()}
        </Text>
        <DialogActions submitLabel={words.button} pending={resolve.isPending || reinstate.isPending} wrap="wrap" />
      </Flex>
    </form>
  );
}
